import {
  isOpenVisit,
  newVisitTypeProblem,
  OPEN_VISIT_STATUSES,
  SURVEY_SUBMIT_MESSAGES,
  type TVisitType,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { isOfferedChoice } from '../choices/static-choices.ts';
import type { Caller } from '../practices/practice-access.ts';
import type { AssessmentRow } from './assessment-access.ts';
import { createMissingResponses } from './assessment-responses.ts';
import { copyTicks, findTickSource } from './copy-ticks.ts';

export interface AddSurveyAssessmentInput {
  practiceId: number;
  surveyVisitId: number;
  /** yyyy-MM-dd; null or absent keeps the visit's date. */
  visitDate?: string | null | undefined;
  visitType: TVisitType;
  copyTicks: boolean;
}

/**
 * `addSurveyAssessment` (spec 001 §2 Add assessment modal, §5): the back office adds the survey
 * visit assessment of one of the practice's visits. In one transaction, the visit locked: the visit
 * must be the practice's (another practice's answers `not_found`, as a missing one) and have no
 * assessment yet; its type (default ACCREDITATION) and, when given, its date are set; the
 * assessment is created IN_PROGRESS with a response row for every indicator of the cycle's survey
 * version; the type is one the provider offers (new_assessment_types) or the visit's own; with `copyTicks` (default on) the checklist ticks, and nothing else, of the practice's
 * latest survey visit assessment of the same standards edition, or of an older edition through its
 * mapping to this one, are copied onto them (`copied_from_assessment_id` records which;
 * `copy-ticks.ts`). A refusal changes nothing.
 */
export async function addSurveyAssessment(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: AddSurveyAssessmentInput,
) {
  if (caller.backOfficeRole === null) throw new AppError('forbidden');
  return app.db.transaction(async (tx) => {
    const visit = await tx.maybeOne<{
      id: number;
      accreditation_id: number;
      practice_id: number;
      survey_version_id: number | null;
      status: string;
      type: string;
      has_assessment: boolean;
    }>(sql`
      select v.id, v.accreditation_id, v.status, v.type, acc.practice_id, acc.survey_version_id,
             exists (select 1 from public.assessments a where a.survey_visit_id = v.id) as has_assessment
        from public.survey_visits v
        join public.accreditations acc on acc.id = v.accreditation_id
       where v.id = ${input.surveyVisitId} and acc.practice_id = ${input.practiceId} and not v.archived
         for update of v`);
    if (!visit) throw new AppError('not_found', { message: SURVEY_SUBMIT_MESSAGES.noSuchVisit });
    if (visit.has_assessment)
      throw new AppError('invalid_transition', { message: SURVEY_SUBMIT_MESSAGES.visitHasAssessment });
    if (visit.survey_version_id === null)
      throw new AppError('invalid_input', { message: SURVEY_SUBMIT_MESSAGES.noSurveyVersion });

    // The types offered are the provider's list (new_assessment_types); the visit's own type stays possible.
    if (
      input.visitType !== visit.type &&
      !(await isOfferedChoice(tx, 'new_assessment_types', input.visitType))
    )
      throw new AppError('invalid_input', { message: SURVEY_SUBMIT_MESSAGES.typeNotOffered });
    if (isOpenVisit(visit)) {
      // An open visit keeps its cycle's rule: one open visit of a type (docs/decisions/survey-planning.md).
      const others = await tx.many<{ type: string }>(sql`
        select distinct type from public.survey_visits
         where accreditation_id = ${visit.accreditation_id} and id <> ${visit.id} and not archived
           and status = any(${[...OPEN_VISIT_STATUSES]}::text[])`);
      const problem = newVisitTypeProblem(
        input.visitType,
        others.map((o) => o.type),
      );
      if (problem) throw new AppError('invalid_input', { message: problem });
    }
    const updated = await tx.one<{ date: string | null; due: string | null }>(sql`
      update public.survey_visits
         set type = ${input.visitType}, date = coalesce(${input.visitDate ?? null}::date, date)
       where id = ${visit.id}
      returning date::text, due::text`);
    const source = input.copyTicks
      ? await findTickSource(tx, visit.practice_id, visit.survey_version_id)
      : null;
    const assessment = await tx.one<AssessmentRow>(sql`
      insert into public.assessments
        (accreditation_id, survey_visit_id, type, status, due_date, copied_from_assessment_id, last_updated_by_id)
      values (${visit.accreditation_id}, ${visit.id}, 'SURVEY_VISIT', 'IN_PROGRESS',
              ${updated.date ?? updated.due}::date, ${source?.id ?? null}, ${caller.userId})
      returning id, type, status, accreditation_id, survey_visit_id,
                ${visit.practice_id}::integer as practice_id, ${visit.survey_version_id}::integer as survey_version_id,
                false as moved`);
    const createdResponses = await createMissingResponses(tx, assessment);
    const copiedTicks = source ? await copyTicks(tx, assessment.id, source) : 0;
    return {
      id: assessment.id,
      surveyVisitId: visit.id,
      status: assessment.status,
      createdResponses,
      copiedFromAssessmentId: source?.id ?? null,
      copiedTicks,
      message: SURVEY_SUBMIT_MESSAGES.added,
    };
  }, caller.actor);
}
