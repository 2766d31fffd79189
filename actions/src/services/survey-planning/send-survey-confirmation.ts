import {
  formatDisplayDate,
  formatTimeOfDay,
  labelOf,
  PRODUCT_NAME,
  SURVEY_PLANNING_MESSAGES,
  surveyConfirmationRoute,
  VISIT_TYPE_LABELS,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { isOfferedChoice } from '../choices/static-choices.ts';
import { notifyEmails } from '../notifications/notify.ts';
import { enqueueEmail } from '../outbox/enqueue-email.ts';
import type { Caller } from '../practices/practice-access.ts';
import { practiceRecipients } from '../practices/practice-recipients.ts';
import { actAs, lockPlanningVisit, requirePlanner } from './planning-access.ts';

/**
 * `sendSurveyConfirmation(visitId)`: sends the practice the survey confirmation of a final visit:
 * confirmation_form_status becomes SENT (the practice confirms on its confirmation page, SENT →
 * RECEIVED), drawn with the chosen template (the provider's confirmation_form_template list,
 * ON_SITE by default), and its active practice managers and the cycle's nominated accreditation contact each
 * get an e-mail with the visit's day and times and the link to that page, through the outbox, in
 * one transaction. Once only; refused for a visit not final or with nobody to send it to.
 */
export async function sendSurveyConfirmation(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { visitId: number; template?: string | null | undefined },
) {
  requirePlanner(caller);
  const template = input.template ?? 'ON_SITE';
  return app.db.transaction(async (tx) => {
    await actAs(tx, caller.actor);
    const visit = await lockPlanningVisit(tx, input.visitId, {
      name: 'sendConfirmation',
      refusal: SURVEY_PLANNING_MESSAGES.confirmationNotFinal,
    });
    if (visit.confirmation_form_status !== 'NOT_SENT')
      throw new AppError('invalid_transition', { message: SURVEY_PLANNING_MESSAGES.confirmationAlreadySent });
    if (!(await isOfferedChoice(tx, 'survey_visit.confirmation_form_template', template)))
      throw new AppError('invalid_input', {
        message: SURVEY_PLANNING_MESSAGES.templateUnlisted,
        fields: { template: SURVEY_PLANNING_MESSAGES.templateUnlisted },
      });
    const details = await tx.one<{
      date: string | null;
      start_time: string | null;
      end_time: string | null;
    }>(sql`
      select date::text as date, start_time::text as start_time, end_time::text as end_time
        from public.survey_visits where id = ${visit.id}`);
    const recipients = await practiceRecipients(tx, {
      practiceId: visit.practice_id,
      accreditationId: visit.accreditation_id,
    });
    if (recipients.length === 0)
      throw new AppError('invalid_input', { message: SURVEY_PLANNING_MESSAGES.confirmationNoRecipient });
    await tx.many(
      sql`update public.survey_visits
             set confirmation_form_status = 'SENT', confirmation_form_template = ${template}
           where id = ${visit.id}`,
    );
    const link = `${app.config.appOrigin}${surveyConfirmationRoute(visit.practice_id)}`;
    await notifyEmails(
      tx,
      recipients.map((r) => r.email),
      {
        kind: 'SURVEY_CONFIRMATION',
        title: `Please confirm your survey visit: ${visit.practice_name}, ${formatDisplayDate(details.date)}`,
        link: surveyConfirmationRoute(visit.practice_id),
      },
    );
    const what = labelOf(VISIT_TYPE_LABELS, visit.type).toLowerCase();
    for (const to of recipients) {
      await enqueueEmail(tx, {
        to: to.email,
        subject: `Please confirm your survey visit: ${visit.practice_name}, ${formatDisplayDate(details.date)}`,
        text: [
          to.first_name ? `Hello ${to.first_name},` : 'Hello,',
          '',
          `The ${what} visit to ${visit.practice_name} is planned for ${formatDisplayDate(details.date)}, ` +
            `from ${formatTimeOfDay(details.start_time)} to ${formatTimeOfDay(details.end_time)}.`,
          ...(template === 'REMOTE'
            ? [
                '',
                'The visit is held remotely, by video call: your accreditation coordinator will send the link.',
              ]
            : []),
          '',
          `Please check the details and confirm the visit: ${link}`,
          '',
          `Sent by ${PRODUCT_NAME}.`,
        ].join('\n'),
        template: 'survey-confirmation',
      });
    }
    return {
      visitId: visit.id,
      confirmationFormStatus: 'SENT',
      recipients: recipients.length,
      message: SURVEY_PLANNING_MESSAGES.confirmationSent(recipients.length),
    };
  }, caller.actor);
}
