import { REAPPLICATION_MESSAGES, REAPPLICATION_SUBMIT, reapplicationNotDueMessage } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Db } from '../../plugins/app/db.ts';
import { type Caller, requirePracticeFlag } from './practice-access.ts';
import {
  parsePracticeForm,
  updatePracticeDetails,
  withPracticeFormErrors,
} from './practice-details-writes.ts';

/**
 * The practice submits its DUE renewal with its reviewed details. In one transaction the details
 * are saved (as `savePracticeDetails`) and the renewal goes to PAYMENT_PENDING, stamped with who
 * and when; the practice then pays through `practicePaymentUrl`. A renewal that is not DUE is
 * refused with a message saying why, and nothing changes. Needs practice.changePractice.
 */
export async function submitReapplication(
  db: Db,
  caller: Caller,
  input: { practiceId: number; details: unknown },
) {
  await requirePracticeFlag(db, caller, input.practiceId, (f) => f.practice.changePractice);
  const values = parsePracticeForm(input.details);
  const done = await db.transaction(async (tx) => {
    // At most one renewal per practice is DUE or PAYMENT_PENDING (a unique index); the transition
    // locks it, so two submissions cannot both pass the check.
    const open = await tx.maybeOne<{ id: number }>(sql`
      select id from public.reapplications
       where practice_id = ${input.practiceId} and status in ('DUE', 'PAYMENT_PENDING')`);
    if (!open) throw new AppError('invalid_input', { message: reapplicationNotDueMessage(undefined) });
    const submitted = await transition(tx, {
      table: 'reapplications',
      id: open.id,
      from: REAPPLICATION_SUBMIT.from,
      to: REAPPLICATION_SUBMIT.to,
      actor: caller.actor,
      stamp: { at: 'submitted_at', by: 'submitted_by_id' },
      notFound: reapplicationNotDueMessage(undefined),
      refused: (current) => ({ code: 'invalid_input', message: reapplicationNotDueMessage(current) }),
    });
    await withPracticeFormErrors(() => updatePracticeDetails(tx, input.practiceId, values));
    return submitted;
  }, caller.actor);
  return {
    id: done.id,
    practiceId: input.practiceId,
    status: done.status,
    submittedAt: done.changedAt.toISOString(),
    message: REAPPLICATION_MESSAGES.submitted,
  };
}
