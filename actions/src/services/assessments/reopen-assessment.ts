import { ASSESSMENT_MESSAGES, ASSESSMENT_REOPEN } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, requireThat } from './assessment-access.ts';

/**
 * `reopenAssessment(assessmentId)` (spec 001 §4 Reopen, a bulk tool; §7 POST
 * web.assessment/{id}/reopen/): back to IN_PROGRESS from any status of ASSESSMENT_REOPEN.from,
 * withdrawing every live submission (kept, stamped with who and when) so it can be submitted
 * again. Only whoever sees the Reopen button (`assessmentButtons`: special access or the
 * ASSESSMENT_BULK_TOOLS switch); another status is refused with ASSESSMENT_MESSAGES.notReopenable
 * and changes nothing. One transaction.
 */
export async function reopenAssessment(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  const moved = await app.db.transaction(async (tx) => {
    const { assessment, buttons } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
      lock: true,
    });
    requireThat(buttons.reopen, 'forbidden');
    const done = await transition(tx, {
      table: 'assessments',
      id: assessment.id,
      from: ASSESSMENT_REOPEN.from,
      to: ASSESSMENT_REOPEN.to,
      actor: caller.actor,
      stamp: { at: 'updated_at', by: 'last_updated_by_id' },
      notFound: ASSESSMENT_MESSAGES.noSuchAssessment,
      refused: () => ({ message: ASSESSMENT_MESSAGES.notReopenable }),
    });
    await tx.many(sql`
      update public.assessment_submissions
         set withdrawn_at = now(), withdrawn_by_id = ${caller.userId}
       where assessment_id = ${assessment.id} and withdrawn_at is null`);
    return done;
  }, caller.actor);
  return { id: moved.id, status: moved.status, message: ASSESSMENT_MESSAGES.reopened };
}
