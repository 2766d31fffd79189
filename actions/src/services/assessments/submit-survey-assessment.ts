import {
  assessmentPath,
  canMove,
  fieldErrors,
  SURVEY_PART_SUBMIT,
  SURVEY_SUBMIT_MESSAGES,
  surveySubmitMove,
  surveySubmitProblemFields,
  surveySubmitProblems,
  type TSurveyVisitorForm,
  ZSurveyVisitorFormSchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import { AppError } from '../../errors/app-error.ts';
import { notifyUsers } from '../notifications/notify.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, requireAgreementSigned, requireThat } from './assessment-access.ts';
import { recordStatusChange } from './record-status-change.ts';
import { loadSurveySubmitInput } from './survey-assessment-data.ts';

/**
 * `submitSurveyAssessment(assessmentId, form)` (spec 001 §4, §5; §7 POST web.assessment/{id}/submit/):
 * an accepted visitor of the survey visit submits their part of the survey visit assessment, once.
 * In one transaction, the assessment row locked first so that submissions run one after the other:
 * only an accepted visitor (else `forbidden`), only IN_PROGRESS or PARTIALLY_SUBMITTED (else
 * `invalid_transition`), not twice, the agreement signed while IN_PROGRESS, the form of spec 001 §5
 * valid (`ZSurveyVisitorFormSchema`, `invalid_input` with the fields), then `surveySubmitProblems` on
 * the stored answers (`invalid_input` with the same list, `surveySubmitProblemFields`). Then the
 * submission and the visitor's times and hours are recorded; the assessment is UNDER_REVIEW once no
 * accepted visitor is left to submit, else PARTIALLY_SUBMITTED (the submitter can no longer change
 * the findings: `canChangeAssessmentInputs`). Two last submissions at once: the row lock makes the
 * second see the first, so exactly one moves it on. Any refusal changes nothing.
 */
export async function submitSurveyAssessment(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number } & TSurveyVisitorForm,
) {
  return app.db.transaction(async (tx) => {
    const { assessment, access, context } = await loadAssessmentForCaller(tx, caller, input.assessmentId, {
      bulkToolsSwitch: app.config.assessmentBulkTools,
      lock: true,
    });
    requireThat(assessment.type === 'SURVEY_VISIT', 'invalid_input', SURVEY_SUBMIT_MESSAGES.surveyOnly);
    const visitId = assessment.survey_visit_id as number;
    requireThat(
      access.visitorOnSurveyVisitIds.includes(visitId),
      'forbidden',
      SURVEY_SUBMIT_MESSAGES.notAVisitor,
    );
    // Both submit moves start from the same statuses: the part one stands for them here.
    requireThat(
      canMove(SURVEY_PART_SUBMIT, assessment.type, assessment.status),
      'invalid_transition',
      SURVEY_SUBMIT_MESSAGES.notSubmittable,
    );
    requireThat(!context.hasSubmitted, 'invalid_transition', SURVEY_SUBMIT_MESSAGES.alreadySubmitted);
    await requireAgreementSigned(tx, assessment, caller.userId, SURVEY_SUBMIT_MESSAGES.notSigned);
    const parsed = ZSurveyVisitorFormSchema.safeParse(input);
    if (!parsed.success) throw new AppError('invalid_input', { fields: fieldErrors(parsed.error) });
    const form = parsed.data;

    const problems = surveySubmitProblems(await loadSurveySubmitInput(tx, assessment, caller.userId));
    if (problems.length > 0)
      throw new AppError('invalid_input', {
        message: SURVEY_SUBMIT_MESSAGES.submitRefused,
        fields: surveySubmitProblemFields(problems),
      });

    await tx.one(sql`
      insert into public.assessment_submissions (assessment_id, user_id)
      values (${assessment.id}, ${caller.userId})
      returning id`);
    await tx.one(sql`
      update public.survey_visitors
         set actual_start_time = ${form.actualStartTime}::time, actual_end_time = ${form.actualEndTime}::time,
             hours_worked_before_visit = ${form.hoursWorkedBeforeVisit}::numeric,
             hours_worked_after_visit = ${form.hoursWorkedAfterVisit}::numeric,
             hours_worked_confirmed = true
       where survey_visit_id = ${visitId} and user_id = ${caller.userId} and status = 'ACCEPTED'
      returning id`);
    const waiting = await tx.one<{ count: number }>(sql`
      select count(*)::integer as count
        from public.survey_visitors sv
       where sv.survey_visit_id = ${visitId} and sv.status = 'ACCEPTED'
         and not exists (select 1 from public.assessment_submissions sub
                          where sub.assessment_id = ${assessment.id} and sub.user_id = sv.user_id
                            and sub.withdrawn_at is null)`);
    const move = surveySubmitMove(waiting.count);
    const moved = await transition(tx, {
      table: 'assessments',
      id: assessment.id,
      from: move.from,
      to: move.to,
      actor: caller.actor,
      stamp: { at: 'updated_at', by: 'last_updated_by_id' },
      notFound: SURVEY_SUBMIT_MESSAGES.notSubmittable,
      refused: () => ({ message: SURVEY_SUBMIT_MESSAGES.notSubmittable }),
    });
    if (moved.from !== moved.status)
      await recordStatusChange(tx, moved, {
        byId: caller.userId,
        reason: null,
        detail: { action: 'submit', waiting: waiting.count },
      });
    if (moved.status === 'UNDER_REVIEW') {
      // The cycle's QAM reviews it (the back office's queue shows it too).
      const cycle = await tx.one<{ qam_id: number | null; practice_name: string }>(sql`
        select acc.qam_id, o.name as practice_name from public.accreditations acc
          join public.organisations o on o.id = acc.practice_id
         where acc.id = ${assessment.accreditation_id}`);
      if (cycle.qam_id !== null)
        await notifyUsers(tx, [cycle.qam_id], {
          kind: 'SURVEY_SUBMITTED',
          title: `Survey submitted for review: ${cycle.practice_name}`,
          link: assessmentPath(assessment.practice_id, assessment.id),
        });
    }
    return {
      id: moved.id,
      status: moved.status,
      message:
        move.to === 'UNDER_REVIEW'
          ? SURVEY_SUBMIT_MESSAGES.submittedForReview
          : SURVEY_SUBMIT_MESSAGES.partiallySubmitted,
    };
  }, caller.actor);
}
