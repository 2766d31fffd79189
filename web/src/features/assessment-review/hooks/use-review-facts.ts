import {
  approveProblems,
  displayName,
  repeatAssessmentOf,
  type TApproveProblem,
  type TRepeatAssessment,
} from '@portal/domain';
import { useQuery } from 'urql';
import { type ResponseStore, type TAssessmentData, useResponseOutline } from '../../assessments/index.ts';
import { GetReviewPanelQuery } from '../api/get-review-panel.ts';

/** What the review panel and the Approve modal show of a survey (live, with unsaved edits). */
export interface TReviewFacts {
  rated: number;
  met: number;
  notMet: number;
  total: number;
  reviewed: number;
  furtherAction: number;
  /** NOT_MET indicators with no action plan entered yet. */
  notMetWithoutPlan: number;
  /** The open, unreferred non-conformities that stop Approve (with the set each is in). */
  openProblems: (TApproveProblem & { setId: number })[];
  /** The 20 % rule over the mandatory indicators (null until the mandatory flags are read). */
  repeat: TRepeatAssessment | null;
  submissions: { userId: number; name: string; submittedAt: string }[];
}

/**
 * The review's facts, asked of the domain (`approveProblems`, `repeatAssessmentOf`) as the
 * approve action asks them; only an ACCREDITATION survey can require a repeat assessment.
 */
export function useReviewFacts(assessment: TAssessmentData, store: ResponseStore): TReviewFacts {
  const [{ data }] = useQuery({
    query: GetReviewPanelQuery,
    variables: { assessmentId: assessment.id },
    requestPolicy: 'cache-and-network',
  });
  useResponseOutline(store);
  const extra = data?.assessments_by_pk;
  const sets = assessment.survey_version?.indicator_sets ?? [];
  const indicators = sets.flatMap((s) => s.indicators.map((i) => ({ ...i, setId: s.id })));
  const shown = indicators.map((i) => ({ indicator: i, response: store.shown(i.id) }));
  const plans = new Map((extra?.indicator_responses ?? []).map((r) => [r.indicator_id, r.action_plan]));
  const mandatory = new Map(
    (extra?.survey_version?.indicator_sets ?? []).flatMap((s) =>
      s.indicators.map((i) => [i.id, i.mandatory] as const),
    ),
  );
  const notMet = shown.filter((s) => s.response.compliance === 'NOT_MET');
  const problems = approveProblems(
    shown.map((s) => ({
      indicatorId: s.indicator.id,
      code: s.indicator.code,
      mandatory: mandatory.get(s.indicator.id) ?? true,
      compliance: s.response.compliance,
      non_conformity_status: s.response.non_conformity_status,
      refer_to_ca: s.response.refer_to_ca,
    })),
  );
  const counted = extra
    ? repeatAssessmentOf(
        shown.map((s) => ({
          mandatory: mandatory.get(s.indicator.id) ?? true,
          compliance: s.response.compliance,
        })),
      )
    : null;
  const accreditationSurvey = extra?.survey_visit?.type === 'ACCREDITATION';
  return {
    rated: shown.filter((s) => s.response.compliance !== null).length,
    met: shown.filter((s) => s.response.compliance === 'MET').length,
    notMet: notMet.length,
    total: shown.length,
    reviewed: shown.filter((s) => s.response.reviewed).length,
    furtherAction: shown.filter((s) => s.response.further_action_required).length,
    notMetWithoutPlan: notMet.filter((s) => !plans.get(s.indicator.id)?.trim()).length,
    openProblems: problems.map((p) => ({
      ...p,
      setId: indicators.find((i) => i.id === p.indicatorId)?.setId ?? 0,
    })),
    repeat: counted ? { ...counted, required: accreditationSurvey && counted.required } : null,
    submissions: (extra?.assessment_submissions ?? []).map((s) => ({
      userId: s.user_id,
      name: s.user
        ? displayName({ firstName: s.user.first_name, lastName: s.user.last_name, email: '' })
        : `User ${s.user_id}`,
      submittedAt: s.submitted_at,
    })),
  };
}
