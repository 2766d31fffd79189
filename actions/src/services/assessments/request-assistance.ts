import {
  ASSESSMENT_MESSAGES,
  ASSISTANCE_REQUESTS_PER_HOUR,
  assessmentPath,
  assessmentStatusBadge,
  assessmentTypeLabel,
  displayName,
  fieldErrors,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
  ZAssistanceRequestSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { notifyEmails } from '../notifications/notify.ts';
import { enqueueEmail } from '../outbox/enqueue-email.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, requireThat } from './assessment-access.ts';

interface AssistanceDetails {
  practice_name: string;
  due_date: string | null;
  qam_email: string | null;
  qam_first_name: string | null;
  sender_first_name: string;
  sender_last_name: string;
  sender_email: string;
}

/**
 * `requestAssistance(assessmentId, message)` (spec 001 §2 the request assistance modal; 002 §1):
 * e-mails the practice's question, through the outbox, to the accreditation's QAM (an active
 * `accreditations.qam_id`), else to the provider's SUPPORT_EMAIL, naming the practice, the
 * assessment (with a link), who asks (name and e-mail, to reply to) and the question. Self
 * assessments only (the Request Assistance button); the question is required and at most
 * ASSISTANCE_REQUEST_MAX_LENGTH long (`ZAssistanceRequestSchema`). Each request is recorded
 * (`assistance_requests`); a user who sent ASSISTANCE_REQUESTS_PER_HOUR in the last hour is
 * refused (rate_limited, sending nothing), counted under a per-user lock so parallel calls cannot
 * slip past the limit.
 */
export async function requestAssistance(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number; message: string },
) {
  const parsed = ZAssistanceRequestSchema.safeParse({ message: input.message });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new AppError('invalid_input', { message: Object.values(fields)[0], fields });
  }
  const { message } = parsed.data;
  await app.db.transaction(async (tx) => {
    const { assessment, buttons } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
    });
    requireThat(buttons.requestAssistance, 'invalid_input', ASSESSMENT_MESSAGES.selfAssessmentOnly);
    await tx.many(sql`select pg_advisory_xact_lock(hashtext('assistance-requests'), ${caller.userId})`);
    const recent = await tx.one<{ count: number }>(sql`
      select count(*)::integer as count from public.assistance_requests
       where user_id = ${caller.userId} and created_at > now() - interval '1 hour'`);
    requireThat(
      recent.count < ASSISTANCE_REQUESTS_PER_HOUR,
      'rate_limited',
      ASSESSMENT_MESSAGES.assistanceTooMany,
    );
    const details = await tx.one<AssistanceDetails>(sql`
      select o.name as practice_name, a.due_date::text as due_date,
             q.email::text as qam_email, q.first_name as qam_first_name,
             me.first_name as sender_first_name, me.last_name as sender_last_name, me.email::text as sender_email
        from public.assessments a
        join public.accreditations acc on acc.id = a.accreditation_id
        join public.organisations o on o.id = acc.practice_id
        left join public.users q on q.id = acc.qam_id and q.is_active
        join public.users me on me.id = ${caller.userId}
       where a.id = ${assessment.id}`);
    const sender = displayName({
      firstName: details.sender_first_name,
      lastName: details.sender_last_name,
      email: details.sender_email,
    });
    const what = assessmentTypeLabel(assessment.type);
    if (details.qam_email)
      await notifyEmails(tx, [details.qam_email], {
        kind: 'ASSISTANCE_REQUESTED',
        title: `Request for assistance: ${details.practice_name}, ${what}`,
        link: assessmentPath(assessment.practice_id, assessment.id),
      });
    const emailId = await enqueueEmail(tx, {
      to: details.qam_email ?? SUPPORT_EMAIL,
      subject: `Request for assistance: ${details.practice_name}, ${what}`,
      text: [
        details.qam_first_name ? `Hello ${details.qam_first_name},` : 'Hello,',
        '',
        `${sender} (${details.sender_email}) of ${details.practice_name} asks for help with their ${what.toLowerCase()}` +
          ` (${assessmentStatusBadge(assessment.status)}${details.due_date ? `, due ${details.due_date}` : ''}).`,
        '',
        'Their question:',
        message,
        '',
        `Open the assessment: ${app.config.appOrigin}${assessmentPath(assessment.practice_id, assessment.id)}`,
        `Reply to ${details.sender_email} to answer them.`,
        '',
        `Sent by ${PRODUCT_NAME}.`,
      ].join('\n'),
      template: 'assessment-assistance',
    });
    await tx.many(sql`
      insert into public.assistance_requests (assessment_id, user_id, message, email_outbox_id)
      values (${assessment.id}, ${caller.userId}, ${message}, ${emailId})`);
  }, caller.actor);
  return { message: ASSESSMENT_MESSAGES.assistanceSent };
}
