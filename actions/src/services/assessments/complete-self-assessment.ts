import { ASSESSMENT_MESSAGES, SELF_ASSESSMENT_COMPLETE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../practices/practice-access.ts';
import { moveSelfAssessment } from './assessment-access.ts';

/**
 * `completeSelfAssessment(assessmentId)` (spec 001 §4 the 'Completed' action; §7 POST
 * web.assessment/{id}/complete/): the provider completes a self assessment UNDER_REVIEW
 * (COMPLETED), stamping who changed it last. Only whoever sees the Completed button
 * (`assessmentButtons`: the back office); another status is refused with
 * ASSESSMENT_MESSAGES.notUnderReview and changes nothing.
 */
export async function completeSelfAssessment(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  const { moved } = await app.db.transaction(
    (tx) =>
      moveSelfAssessment(tx, caller, {
        assessmentId: input.assessmentId,
        bulkToolsSwitch: app.config.assessmentBulkTools,
        move: SELF_ASSESSMENT_COMPLETE,
        button: 'completed',
        refused: ASSESSMENT_MESSAGES.notUnderReview,
      }),
    caller.actor,
  );
  return { id: moved.id, status: moved.status, message: ASSESSMENT_MESSAGES.completed };
}
