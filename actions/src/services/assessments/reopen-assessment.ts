import {
  ASSESSMENT_MESSAGES,
  fieldErrors,
  reopenTarget,
  reopenWithdrawsSubmissions,
  type TAssessmentStatus,
  ZReopenReasonSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, requireThat } from './assessment-access.ts';
import { recordStatusChange } from './record-status-change.ts';

const ZReopenInputSchema = z.object({ reason: ZReopenReasonSchema });

/**
 * `reopenAssessment(assessmentId, reason)` (spec 001 §4 Reopen, a bulk tool; §7 POST
 * web.assessment/{id}/reopen/): one step back, to `reopenTarget(type, status, approvedFrom)` (an
 * approved survey goes back to the status it was approved from, read from
 * `assessment_status_changes`). Going back IN_PROGRESS withdraws every live submission (kept,
 * stamped with who and when) so it can be submitted again; reopening an approval forgets its
 * repeat-assessment verdict; a certified survey goes back to APPROVED, its certificates kept (named
 * in the history). Only whoever sees the Reopen button (`assessmentButtons`: special access or the
 * ASSESSMENT_BULK_TOOLS switch; special access for a certified survey), with a reason of 1–2000 characters
 * (`ZReopenReasonSchema`), recorded with the change in `assessment_status_changes`. A status with
 * no target is refused with ASSESSMENT_MESSAGES.notReopenable and changes nothing. `fromStatus`, when
 * given, is the status the user saw: another one (a second press, another tab) is refused with
 * ASSESSMENT_MESSAGES.reopenedMeanwhile, so one Reopen never goes back two steps. One transaction.
 */
export async function reopenAssessment(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number; reason: string; fromStatus?: string | null | undefined },
) {
  const parsed = ZReopenInputSchema.safeParse({ reason: input.reason });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw new AppError('invalid_input', { message: Object.values(fields)[0], fields });
  }
  const { reason } = parsed.data;
  const moved = await app.db.transaction(async (tx) => {
    const { assessment, buttons } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
      lock: true,
    });
    requireThat(buttons.reopen, 'forbidden');
    if (input.fromStatus && input.fromStatus !== assessment.status) {
      throw new AppError('invalid_transition', { message: ASSESSMENT_MESSAGES.reopenedMeanwhile });
    }
    const approval = await tx.maybeOne<{ from_status: TAssessmentStatus }>(sql`
      select from_status from public.assessment_status_changes
       where assessment_id = ${assessment.id} and to_status = 'APPROVED'
       order by changed_at desc, id desc limit 1`);
    const target = reopenTarget(assessment.type, assessment.status, approval?.from_status ?? null);
    if (target === null) {
      throw new AppError('invalid_transition', { message: ASSESSMENT_MESSAGES.notReopenable });
    }
    const done = await transition(tx, {
      table: 'assessments',
      id: assessment.id,
      from: [assessment.status],
      to: target,
      actor: caller.actor,
      stamp: { at: 'updated_at', by: 'last_updated_by_id' },
      notFound: ASSESSMENT_MESSAGES.noSuchAssessment,
      refused: () => ({ message: ASSESSMENT_MESSAGES.notReopenable }),
    });
    if (reopenWithdrawsSubmissions(done.status)) {
      await tx.many(sql`
        update public.assessment_submissions
           set withdrawn_at = now(), withdrawn_by_id = ${caller.userId}
         where assessment_id = ${assessment.id} and withdrawn_at is null`);
    }
    if (done.from === 'APPROVED') {
      await tx.many(
        sql`update public.assessments set repeat_assessment_required = null where id = ${assessment.id}`,
      );
    }
    // A certified survey's certificates stay in force while it is corrected: certifying it again
    // supersedes them. The history says which they were.
    const certificatesInForce =
      done.from === 'CERTIFIED'
        ? (
            await tx.many<{ id: number }>(sql`
              select id from public.certificates
               where accreditation_id = ${assessment.accreditation_id} and validity = 'VALID'
               order by id`)
          ).map((c) => c.id)
        : null;
    await recordStatusChange(tx, done, {
      byId: caller.userId,
      reason,
      detail: certificatesInForce ? { action: 'reopen', certificatesInForce } : { action: 'reopen' },
    });
    return done;
  }, caller.actor);
  return { id: moved.id, status: moved.status, message: ASSESSMENT_MESSAGES.reopened };
}
