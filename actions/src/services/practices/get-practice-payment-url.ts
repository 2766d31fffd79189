import { PRACTICE_MESSAGES, paymentUrlFromTemplate } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { type Caller, requirePracticeFlag } from './practice-access.ts';

/**
 * `practicePaymentUrl(practiceId)` (spec 000 §7 GET web.practice/{id}/ applicationPaymentUrl):
 * the payment page of a practice that owes a fee (a new application PAYMENT_PENDING, or a
 * renewal in PAYMENT_PENDING). The browser then navigates to it. When no payment is due or no
 * payment page is configured, the answer is the spec's failure message. Needs
 * practice.changePractice (practice manager, QAM, admin).
 */
export async function practicePaymentUrl(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { practiceId: number },
) {
  await requirePracticeFlag(app.db, caller, input.practiceId, (f) => f.practice.changePractice);
  const due = await app.db.maybeOne(sql`
    select 1 from public.practices p
     where p.organisation_id = ${input.practiceId}
       and (p.status = 'PAYMENT_PENDING'
            or exists (select 1 from public.reapplications r
                        where r.practice_id = p.organisation_id and r.status = 'PAYMENT_PENDING'))`);
  const template = app.config.paymentUrlTemplate;
  if (!due || !template) {
    throw new AppError('invalid_input', { message: PRACTICE_MESSAGES.paymentRedirectFailed });
  }
  return { practiceId: input.practiceId, url: paymentUrlFromTemplate(template, input.practiceId) };
}
