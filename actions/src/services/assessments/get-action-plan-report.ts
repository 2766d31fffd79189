import {
  actionPlanBadge,
  actionPlanDaysLeft,
  assessmentStatusBadge,
  assessmentTypeLabel,
  canDownloadActionPlanReport,
  portalToday,
  type TAssessmentStatus,
  type TRiskLevel,
  type TRiskRating,
} from '@portal/domain';
import {
  renderActionPlanReport,
  type TActionPlanActivity,
  type TActionPlanItem,
  type TActionPlanReport,
} from '@portal/pdf';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { fileNamePart } from '../../lib/content-disposition.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, noSuchAssessment } from './assessment-access.ts';

/** Why the action plan report is refused (ours: the spec shows no words). */
export const ACTION_PLAN_REPORT_MESSAGES = {
  surveyOnly: 'Only a survey visit has an action plan.',
  notAvailable: 'The action plan of this assessment cannot be downloaded in its current status.',
} as const;

interface HeaderRow {
  practice_name: string;
  status: TAssessmentStatus;
  visit_type: string | null;
  visit_date: string | null;
  survey_version: string | null;
  action_plan_due: string | null;
}

interface ItemRow {
  set_code: string;
  code: string;
  name: string;
  statement: string | null;
  non_compliance_type: string | null;
  risk_type: string | null;
  likelihood: TRiskLevel | null;
  impact: TRiskLevel | null;
  rating: TRiskRating | null;
  action_plan: string | null;
  status: 'OPEN' | 'CLOSED';
  date_closed: string | null;
  refer_to_ca: boolean;
  activities: TActionPlanActivity[];
}

/**
 * The practice, visit, standards edition and action plan due date of the assessment.
 */
function loadHeader(db: Queryable, assessmentId: number) {
  return db.maybeOne<HeaderRow>(sql`
    select o.name as practice_name, a.status, v.type as visit_type,
           to_char(v.date, 'YYYY-MM-DD') as visit_date, sv.name as survey_version,
           to_char(a.action_plan_due, 'YYYY-MM-DD') as action_plan_due
      from public.assessments a
      join public.accreditations acc on acc.id = a.accreditation_id
      join public.organisations o on o.id = acc.practice_id
      left join public.survey_versions sv on sv.id = coalesce(a.survey_version_id, acc.survey_version_id)
      left join public.survey_visits v on v.id = a.survey_visit_id
     where a.id = ${assessmentId}`);
}

/**
 * Every live NOT_MET response of the assessment (whatever set it belongs to: the counts of
 * `assessment_counts` count them all) in the standards' order, with its live activities oldest
 * first as JSON: one statement.
 */
function loadItems(db: Queryable, assessmentId: number) {
  return db.many<ItemRow>(sql`
    select s.full_code as set_code, i.code, i.name, r.non_compliance_statement as statement,
           r.non_compliance_type, r.risk_type, r.risk_likelihood as likelihood, r.risk_impact as impact,
           r.risk_rating as rating, r.action_plan, r.non_conformity_status as status,
           to_char(r.date_closed, 'YYYY-MM-DD') as date_closed, r.refer_to_ca,
           coalesce((
             select json_agg(json_build_object(
                      'description', ap.description,
                      'responsible', ap.responsible,
                      'dueDate', to_char(ap.due_date, 'YYYY-MM-DD'),
                      'status', ap.status,
                      'closedOn', to_char(ap.closed_at at time zone 'Australia/Sydney', 'YYYY-MM-DD'))
                    order by ap.created_at, ap.id)
               from public.action_plan_activities ap
              where ap.indicator_response_id = r.id and not ap.archived), '[]'::json) as activities
      from public.indicator_responses r
      join public.indicators i on i.id = r.indicator_id
      join public.indicator_sets s on s.id = i.indicator_set_id
     where r.assessment_id = ${assessmentId} and not r.archived and r.compliance = 'NOT_MET'
     order by s.sort_order, s.full_code, s.id, i.sort_order, i.code, i.id`);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The action plan report of a survey visit as a PDF (spec 001 §7 `generate_action_plan_report`),
 * for whoever sees its 'Action plan' button and may read the findings
 * (`canDownloadActionPlanReport`). An unknown assessment and one of a practice the caller has no
 * access to answer alike (`not_found`); a self assessment, a survey in a status without an action
 * plan, or a caller who may not read it (a practice manager while the survey is under review) is
 * `forbidden`.
 */
export async function getActionPlanReport(
  db: Queryable,
  caller: Caller,
  input: { assessmentId: number },
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const { assessment, access, context } = await loadAssessmentForCaller(db, caller, input.assessmentId, {
    bulkToolsSwitch: false,
  });
  if (assessment.type !== 'SURVEY_VISIT') {
    throw new AppError('forbidden', { message: ACTION_PLAN_REPORT_MESSAGES.surveyOnly });
  }
  const allowed = canDownloadActionPlanReport({
    ...context,
    isSurveyVisitor:
      assessment.survey_visit_id !== null &&
      access.visitorOnSurveyVisitIds.includes(assessment.survey_visit_id),
    bulkToolsEnabled: false,
  });
  if (!allowed) throw new AppError('forbidden', { message: ACTION_PLAN_REPORT_MESSAGES.notAvailable });

  const header = await loadHeader(db, assessment.id);
  if (!header) throw noSuchAssessment();
  const rows = await loadItems(db, assessment.id);
  const generatedOn = portalToday();
  const items: TActionPlanItem[] = rows.map((row) => ({
    setCode: row.set_code,
    code: row.code,
    name: row.name,
    statement: row.statement,
    nonComplianceType: row.non_compliance_type,
    riskType: row.risk_type,
    likelihood: row.likelihood,
    impact: row.impact,
    rating: row.rating,
    actionPlan: row.action_plan,
    status: row.status,
    dateClosed: row.date_closed,
    referToCa: row.refer_to_ca,
    activities: row.activities,
  }));
  const report: TActionPlanReport = {
    practiceName: header.practice_name,
    visitLabel: assessmentTypeLabel('SURVEY_VISIT', header.visit_type),
    visitDate: header.visit_date,
    surveyVersion: header.survey_version,
    statusLabel: capitalise(
      actionPlanBadge('SURVEY_VISIT', header.status) ?? assessmentStatusBadge(header.status),
    ),
    actionPlanDue: header.action_plan_due,
    // The screen's count (`actionPlanDaysLeft`, calendar days), on the report's own date.
    daysLeft: header.action_plan_due ? actionPlanDaysLeft(header.action_plan_due, generatedOn) : null,
    generatedOn,
    items,
  };
  return {
    fileName: `${fileNamePart(header.practice_name, 'practice')}-action-plan-${generatedOn}.pdf`,
    pdf: await renderActionPlanReport(report),
  };
}
