import {
  ASSESSMENT_MESSAGES,
  approveProblems,
  canMove,
  REVIEW_MESSAGES,
  repeatAssessmentOf,
  SURVEY_APPROVE,
  SURVEY_SUBMIT_MESSAGES,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForMove } from './assessment-access.ts';
import { recordStatusChange } from './record-status-change.ts';

interface FindingRow {
  indicator_id: number;
  code: string;
  mandatory: boolean;
  compliance: string | null;
  non_conformity_status: 'OPEN' | 'CLOSED' | null;
  refer_to_ca: boolean;
}

/**
 * Every indicator of the assessment's edition, in the screen's order, with its (non-archived)
 * finding: what approval and the repeat-assessment rule read.
 */
export async function loadFindings(db: Queryable, assessmentId: number, surveyVersionId: number | null) {
  return db.many<FindingRow>(sql`
    select i.id as indicator_id, i.code, i.mandatory, r.compliance, r.non_conformity_status,
           coalesce(r.refer_to_ca, false) as refer_to_ca
      from public.indicators i
      join public.indicator_sets s on s.id = i.indicator_set_id
      left join public.indicator_responses r
        on r.indicator_id = i.id and r.assessment_id = ${assessmentId} and not r.archived
     where s.survey_version_id = ${surveyVersionId}
     order by s.sort_order, s.id, i.sort_order, i.id`);
}

/**
 * `approveSurveyAssessment(assessmentId)` (spec 001 §4 Approve, §5, §6; §7 POST
 * web.assessment/{id}/approve/): a survey visit UNDER_REVIEW or ACTION_REQUIRED becomes APPROVED.
 * Only whoever sees the Approve button (`assessmentButtons().approve`). Refused, changing nothing,
 * while any NOT_MET indicator is OPEN and not referred to the CA (`approveProblems`, the codes
 * named); under review the refusal names the way out, 'Action required'. Records whether the scheme requires a repeat assessment (the 20 % rule over the
 * mandatory indicators of an ACCREDITATION survey; other visit types never require one) on the
 * assessment and, with the counts, in `assessment_status_changes`. One transaction.
 */
export async function approveSurveyAssessment(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  input: { assessmentId: number },
) {
  return app.db.transaction(async (tx) => {
    const { assessment, context } = await loadAssessmentForMove(tx, caller, {
      assessmentId: input.assessmentId,
      bulkToolsSwitch: app.config.assessmentBulkTools,
      type: 'SURVEY_VISIT',
      wrongType: SURVEY_SUBMIT_MESSAGES.surveyOnly,
      move: SURVEY_APPROVE,
      button: 'approve',
    });
    // Refused for its status before the findings are read (their problems would say otherwise).
    if (!canMove(SURVEY_APPROVE, context.type, context.status)) {
      throw new AppError('invalid_transition', { message: REVIEW_MESSAGES.notApprovable });
    }
    const findings = await loadFindings(tx, assessment.id, assessment.survey_version_id);
    const problems = approveProblems(findings.map((f) => ({ ...f, indicatorId: f.indicator_id })));
    if (problems.length > 0) {
      const codes = problems.map((p) => p.code);
      throw new AppError('invalid_transition', {
        message:
          context.status === 'UNDER_REVIEW'
            ? REVIEW_MESSAGES.notMetUnderReview(codes)
            : REVIEW_MESSAGES.openNonConformities(codes),
      });
    }
    const visit = await tx.one<{ type: string }>(sql`
      select v.type from public.survey_visits v where v.id = ${assessment.survey_visit_id}`);
    const counted = repeatAssessmentOf(findings);
    const repeat = visit.type === 'ACCREDITATION' && counted.required;
    const moved = await transition(tx, {
      table: 'assessments',
      id: assessment.id,
      from: SURVEY_APPROVE.from,
      to: SURVEY_APPROVE.to,
      actor: caller.actor,
      stamp: { at: 'updated_at', by: 'last_updated_by_id' },
      notFound: ASSESSMENT_MESSAGES.noSuchAssessment,
      refused: () => ({ message: REVIEW_MESSAGES.notApprovable }),
    });
    await tx.many(sql`
      update public.assessments set repeat_assessment_required = ${repeat} where id = ${assessment.id}`);
    await recordStatusChange(tx, moved, {
      byId: caller.userId,
      reason: null,
      detail: {
        visitType: visit.type,
        mandatoryCount: counted.mandatoryCount,
        mandatoryNotMet: counted.mandatoryNotMet,
        percent: counted.percent,
        repeatAssessmentRequired: repeat,
      },
    });
    return {
      id: moved.id,
      status: moved.status,
      message: REVIEW_MESSAGES.approved,
      repeatAssessmentRequired: repeat,
    };
  }, caller.actor);
}
