import { ASSESSMENT_MESSAGES, canMove, SELF_ASSESSMENT_COMPLETE } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { transition } from '../../db/transition.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, requireThat } from './assessment-access.ts';

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
  const moved = await app.db.transaction(async (tx) => {
    const { assessment, context, buttons } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
      lock: true,
    });
    requireThat(assessment.type === 'PRESURVEY', 'invalid_input', ASSESSMENT_MESSAGES.selfAssessmentOnly);
    requireThat(
      !canMove(SELF_ASSESSMENT_COMPLETE, context.type, context.status) || buttons.completed,
      'forbidden',
    );
    return transition(tx, {
      table: 'assessments',
      id: assessment.id,
      from: SELF_ASSESSMENT_COMPLETE.from,
      to: SELF_ASSESSMENT_COMPLETE.to,
      actor: caller.actor,
      stamp: { at: 'updated_at', by: 'last_updated_by_id' },
      notFound: ASSESSMENT_MESSAGES.noSuchAssessment,
      refused: () => ({ message: ASSESSMENT_MESSAGES.notUnderReview }),
    });
  }, caller.actor);
  return { id: moved.id, status: moved.status, message: ASSESSMENT_MESSAGES.completed };
}
