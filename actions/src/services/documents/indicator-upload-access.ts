import {
  canChangeAssessmentInputs,
  canReadAssessmentFindings,
  DOCUMENT_MESSAGES,
  derivePermissionFlags,
  hasPracticeAccess,
  type TAssessmentStatus,
  type TAssessmentType,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { hasSubmittedSql } from '../assessments/assessment-access.ts';
import { type Caller, loadPracticeAccess } from '../practices/practice-access.ts';

/**
 * Whether the caller may add a document to an indicator response of the practice (spec 001 §5
 * "Upload from an indicator", spec 002 §2): the response must be live and belong to an assessment
 * of that practice, and the caller must be allowed to change that assessment's inputs
 * (`canChangeAssessmentInputs`, with the flags scoped to the assessment's survey visit) and to
 * read its findings (`canReadAssessmentFindings`: a survey in progress only after signing its
 * confidentiality agreement; docs/security.md). A
 * practice the caller has no access to answers like a missing one; so does a response of another
 * practice, an archived one or a missing one.
 */
export async function requireIndicatorUploadAccess(
  db: Queryable,
  caller: Caller,
  practiceId: number,
  indicatorResponseId: number,
): Promise<void> {
  const access = await loadPracticeAccess(db, practiceId, caller.userId, caller.backOfficeRole);
  if (!access || !hasPracticeAccess(access))
    throw new AppError('not_found', { message: 'There is no such practice.' });
  const assessment = await db.maybeOne<{
    type: TAssessmentType;
    status: TAssessmentStatus;
    survey_visit_id: number | null;
    has_submitted: boolean;
    has_signed: boolean;
  }>(sql`
    select a.type, a.status, a.survey_visit_id,
           ${hasSubmittedSql(sql`a.id`, caller.userId)} as has_submitted,
           exists (select 1 from public.confidentiality_signs cs
                    where cs.assessment_id = a.id and cs.user_id = ${caller.userId}) as has_signed
      from public.indicator_responses r
      join public.assessments a on a.id = r.assessment_id
      join public.accreditations acc on acc.id = a.accreditation_id
     where r.id = ${indicatorResponseId} and not r.archived and acc.practice_id = ${practiceId}`);
  if (!assessment)
    throw new AppError('not_found', {
      message: DOCUMENT_MESSAGES.noSuchIndicator,
      fields: { indicatorResponseId: DOCUMENT_MESSAGES.noSuchIndicator },
    });
  const flags = derivePermissionFlags(access, { surveyVisitId: assessment.survey_visit_id });
  const context = {
    type: assessment.type,
    status: assessment.status,
    flags,
    hasSubmitted: assessment.has_submitted,
    hasSigned: assessment.has_signed,
  };
  const allowed = canChangeAssessmentInputs(context) && canReadAssessmentFindings(context);
  if (!allowed) throw new AppError('forbidden', { message: DOCUMENT_MESSAGES.indicatorUploadRefused });
}
