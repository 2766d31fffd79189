import { AGREEMENT_VERSION, SURVEY_SUBMIT_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, requireThat } from './assessment-access.ts';

/**
 * `signConfidentialityAgreement(assessmentId)` (spec 001 §4; §7 POST web.assessment/{id}/sign/):
 * the caller signs the confidentiality agreement of a survey visit assessment, stamped with
 * AGREEMENT_VERSION. Only an accepted visitor of its visit or the back office (`forbidden`), only
 * while the assessment is IN_PROGRESS (`invalid_transition`) and of a survey visit
 * (`invalid_input`). Idempotent: signing again keeps the first signature (its version and time)
 * and answers it. One transaction; a refusal changes nothing.
 */
export async function signConfidentialityAgreement(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  return app.db.transaction(async (tx) => {
    const { assessment, access } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
      lock: true,
    });
    requireThat(assessment.type === 'SURVEY_VISIT', 'invalid_input', SURVEY_SUBMIT_MESSAGES.surveyOnly);
    requireThat(
      access.backOfficeRole !== null ||
        access.visitorOnSurveyVisitIds.includes(assessment.survey_visit_id as number),
      'forbidden',
      SURVEY_SUBMIT_MESSAGES.signNotAllowed,
    );
    requireThat(
      assessment.status === 'IN_PROGRESS',
      'invalid_transition',
      SURVEY_SUBMIT_MESSAGES.signNotInProgress,
    );
    await tx.many(sql`
      insert into public.confidentiality_signs (assessment_id, user_id, agreement_version)
      values (${assessment.id}, ${caller.userId}, ${AGREEMENT_VERSION})
      on conflict (assessment_id, user_id) do nothing`);
    const sign = await tx.one<{ agreement_version: string; signed_at: Date }>(sql`
      select agreement_version, signed_at from public.confidentiality_signs
       where assessment_id = ${assessment.id} and user_id = ${caller.userId}`);
    return {
      id: assessment.id,
      agreementVersion: sign.agreement_version,
      signedAt: sign.signed_at.toISOString(),
      message: SURVEY_SUBMIT_MESSAGES.signed,
    };
  }, caller.actor);
}
