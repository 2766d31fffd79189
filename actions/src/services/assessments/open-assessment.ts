import { canChangeAssessmentInputs, isAssessmentLocked } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, noSuchAssessment } from './assessment-access.ts';
import { createMissingResponses } from './assessment-responses.ts';

/**
 * `openAssessment(assessmentId)`, called when the assessment screen opens (spec 001 §2; §7 POST
 * web.assessment/{id}/delete_for_user/): releases the indicator locks the caller holds on it and,
 * when they may change its answers (`canChangeAssessmentInputs`), gives every indicator a blank
 * response so that each has an id to update and lock. While action is required only the
 * non-conformity status changes, which an indicator without a response does not have, so no
 * row is created then. A moved assessment (read-only) is opened to be read: nothing is written.
 * An assessment locked for the caller answers like a missing one (the
 * screen then goes back to the Accreditation route). One transaction.
 */
export async function openAssessment(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  return app.db.transaction(async (tx) => {
    const { assessment, context } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
    });
    if (isAssessmentLocked(context)) throw noSuchAssessment();
    // A moved assessment is read-only, its locks included (none is taken on it after the move).
    const released = context.moved
      ? []
      : await tx.many<{ id: number }>(sql`
          delete from public.indicator_locks
           where assessment_id = ${assessment.id} and user_id = ${caller.userId}
          returning id`);
    const created = canChangeAssessmentInputs(context) ? await createMissingResponses(tx, assessment) : 0;
    return { id: assessment.id, releasedLocks: released.length, createdResponses: created };
  }, caller.actor);
}
