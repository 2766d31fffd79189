import { ASSESSMENT_MESSAGES, SELF_ASSESSMENT_SUBMIT } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { moveSelfAssessment } from './assessment-access.ts';

/**
 * `submitSelfAssessment(assessmentId)` (spec 001 §4 'submit for review'; §7 POST
 * web.assessment/{id}/submit/): a self assessment IN_PROGRESS goes UNDER_REVIEW, once, recording
 * the caller's submission and who changed it last. Whoever sees the Submit for review button may
 * press it (`assessmentButtons`); a second submit, by anyone, is refused with
 * ASSESSMENT_MESSAGES.alreadySubmitted and changes nothing. Two at once: the row lock lets one
 * through, the other then finds it under review.
 */
export async function submitSelfAssessment(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  const moved = await app.db.transaction(async (tx) => {
    const { assessment, moved: done } = await moveSelfAssessment(tx, caller, {
      assessmentId: input.assessmentId,
      bulkToolsSwitch: app.config.assessmentBulkTools,
      move: SELF_ASSESSMENT_SUBMIT,
      button: 'submitForReview',
      refused: ASSESSMENT_MESSAGES.alreadySubmitted,
    });
    const submission = await tx.maybeOne<{ id: number }>(sql`
      insert into public.assessment_submissions (assessment_id, user_id)
      values (${assessment.id}, ${caller.userId})
      on conflict (assessment_id, user_id) where withdrawn_at is null do nothing
      returning id`);
    if (!submission)
      throw new AppError('invalid_transition', { message: ASSESSMENT_MESSAGES.alreadySubmitted });
    return done;
  }, caller.actor);
  return { id: moved.id, status: moved.status, message: ASSESSMENT_MESSAGES.submitted };
}
