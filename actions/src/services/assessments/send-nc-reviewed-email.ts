import { assessmentPath, PRODUCT_NAME, REVIEW_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { notifyEmails } from '../notifications/notify.ts';
import { enqueueEmail } from '../outbox/enqueue-email.ts';
import type { Caller } from '../practices/practice-access.ts';
import { practiceRecipients } from '../practices/practice-recipients.ts';
import { loadAssessmentForCaller } from './assessment-access.ts';

/**
 * `sendNcReviewedEmail(assessmentId)` (spec 001 §2 the review assessment modal, §7 POST
 * web.assessment/{id}/nc_reviewed_email/, §8): e-mails the practice (its active practice managers
 * and the cycle's nominated accreditation contact, each address once) that the non-conformities
 * of its survey were reviewed, with how many are open and closed and the link to the assessment,
 * and records it in `review_history` (who sent it, to whom, when). Only whoever sees the Reviewed
 * button (`assessmentButtons().reviewed`: reviewers of a survey UNDER_REVIEW or ACTION_REQUIRED);
 * refused with nobody to send to. One transaction: the history row exists if and only if the
 * e-mails were queued. Answers the modal's `detail` (shown as is).
 */
export async function sendNcReviewedEmail(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  return app.db.transaction(async (tx) => {
    const { assessment, buttons } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
      lock: true,
    });
    if (!buttons.reviewed) throw new AppError('forbidden', { message: REVIEW_MESSAGES.notifyNotAllowed });
    const recipients = await practiceRecipients(tx, {
      practiceId: assessment.practice_id,
      accreditationId: assessment.accreditation_id,
    });
    if (recipients.length === 0)
      throw new AppError('invalid_input', { message: REVIEW_MESSAGES.noRecipients });
    const facts = await tx.one<{ practice_name: string; open: number; closed: number }>(sql`
      select o.name as practice_name,
             count(r.id) filter (where r.non_conformity_status = 'OPEN')::int as open,
             count(r.id) filter (where r.non_conformity_status = 'CLOSED')::int as closed
        from public.assessments a
        join public.accreditations acc on acc.id = a.accreditation_id
        join public.organisations o on o.id = acc.practice_id
        left join public.indicator_responses r
          on r.assessment_id = a.id and r.compliance = 'NOT_MET' and not r.archived
       where a.id = ${assessment.id}
       group by o.name`);
    const link = `${app.config.appOrigin}${assessmentPath(assessment.practice_id, assessment.id)}`;
    await notifyEmails(
      tx,
      recipients.map((r) => r.email),
      {
        kind: 'REVIEW_NOTICE',
        title: `Your non-conformities have been reviewed: ${facts.practice_name}`,
        link: assessmentPath(assessment.practice_id, assessment.id),
      },
    );
    for (const to of recipients) {
      await enqueueEmail(tx, {
        to: to.email,
        subject: `Your non-conformities have been reviewed: ${facts.practice_name}`,
        text: [
          to.first_name ? `Hello ${to.first_name},` : 'Hello,',
          '',
          `Your accreditation provider has reviewed the non-conformities found at the survey of ${facts.practice_name}.`,
          `Open: ${facts.open}. Closed: ${facts.closed}.`,
          '',
          `See each finding and its action plan: ${link}`,
          '',
          `Sent by ${PRODUCT_NAME}.`,
        ].join('\n'),
        template: 'nc-reviewed',
      });
    }
    const addresses = recipients.map((r) => r.email);
    const row = await tx.one<{ sent_to: string; sent_at: Date }>(sql`
      insert into public.review_history (assessment_id, sent_by_id, sent_to)
      values (${assessment.id}, ${caller.userId}, ${addresses.join(', ')})
      returning sent_to, sent_at`);
    return {
      detail: REVIEW_MESSAGES.notified(addresses),
      sentTo: row.sent_to,
      sentAt: row.sent_at.toISOString(),
    };
  }, caller.actor);
}
