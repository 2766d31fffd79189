import { canSubmitReapplication, REAPPLICATION_MESSAGES, reapplicationNotDueMessage } from '@portal/domain';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { defineAction } from '../define-action.ts';
import { callerOf, requirePracticeFlag } from './practice-access.ts';
import {
  parsePracticeForm,
  updatePracticeDetails,
  withPracticeFormErrors,
} from './practice-details-writes.ts';

/**
 * `submitReapplication(practiceId, details)` (/Practice/Reapplication/:id): the practice submits
 * its DUE renewal with its reviewed details. In one transaction the details are saved (as
 * `savePracticeDetails`) and the renewal goes to PAYMENT_PENDING, stamped with who and when;
 * the practice then pays through `practicePaymentUrl`. A renewal that is not DUE is refused
 * with a message saying why, and nothing changes. Needs practice.changePractice.
 */
export const submitReapplication = defineAction({
  name: 'submitReapplication',
  input: z.object({ practiceId: z.number().int().positive(), details: z.unknown() }),
  async handle({ app, session, input }) {
    const caller = callerOf(session);
    await requirePracticeFlag(app.db, caller, input.practiceId, (f) => f.practice.changePractice);
    const values = parsePracticeForm(input.details);
    const row = await app.db.transaction(async (tx) => {
      // At most one renewal per practice is DUE or PAYMENT_PENDING (a unique index); lock it so
      // two submissions cannot both pass the check.
      const open = await tx.maybeOne<{ id: number; status: string }>(sql`
        select id, status from public.reapplications
         where practice_id = ${input.practiceId} and status in ('DUE', 'PAYMENT_PENDING')
         for update`);
      if (!open || !canSubmitReapplication(open.status)) {
        throw new AppError('invalid_input', { message: reapplicationNotDueMessage(open?.status) });
      }
      await withPracticeFormErrors(() => updatePracticeDetails(tx, input.practiceId, values));
      return tx.one<{ id: number; status: string; submitted_at: Date }>(sql`
        update public.reapplications
           set status = 'PAYMENT_PENDING', submitted_at = now(), submitted_by_id = ${caller.userId}
         where id = ${open.id}
         returning id, status, submitted_at`);
    }, caller.actor);
    return {
      id: row.id,
      practiceId: input.practiceId,
      status: row.status,
      submittedAt: row.submitted_at.toISOString(),
      message: REAPPLICATION_MESSAGES.submitted,
    };
  },
});
