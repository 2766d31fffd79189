import {
  assessmentTypeLabel,
  BLANK_RESPONSE,
  canReadAssessmentResponses,
  isAnswered,
  portalToday,
  type TAssessmentStatus,
  type TAssessmentType,
  type TIndicatorResponseFields,
} from '@portal/domain';
import {
  renderAssessmentReport,
  type TAssessmentReport,
  type TReportChecklist,
  type TReportCounts,
  type TReportSet,
  type TReportSurvey,
} from '@portal/pdf';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { fileNamePart } from '../../lib/content-disposition.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAssessmentForCaller, noSuchAssessment } from './assessment-access.ts';

/** Refused when the Report button is hidden for the caller (a survey visit still being surveyed). */
export const REPORT_NOT_AVAILABLE =
  'The report of this assessment cannot be downloaded in its current status.';

interface AssessmentRow extends TReportCounts {
  id: number;
  type: TAssessmentType;
  status: TAssessmentStatus;
  survey_visit_id: number | null;
  practice_id: number;
  practice_name: string;
  survey_version_id: number | null;
  survey_version: string | null;
  visit_type: string | null;
  visit_date: string | null;
  due_date: string | null;
  updated_at: Date;
}

interface IndicatorRow {
  set_id: number;
  set_code: string;
  set_name: string;
  code: string;
  name: string;
  response: (TIndicatorResponseFields & { date_closed: string | null }) | null;
  comment_count: number;
  checklists: TReportChecklist[];
}

/** The assessment, its practice, standards edition, visit and counts; undefined when there is none. */
function loadAssessment(db: Queryable, assessmentId: number) {
  return db.maybeOne<AssessmentRow>(sql`
    select a.id, a.type, a.status, a.survey_visit_id, acc.practice_id, o.name as practice_name,
           coalesce(a.survey_version_id, acc.survey_version_id) as survey_version_id, sv.name as survey_version, v.type as visit_type,
           to_char(v.date, 'YYYY-MM-DD') as visit_date, to_char(a.due_date, 'YYYY-MM-DD') as due_date,
           -- The later of the assessment's own change and its latest saved answer (as the screen says).
           greatest(a.updated_at, (select max(r.updated_at) from public.indicator_responses r
                                    where r.assessment_id = a.id)) as updated_at,
           c.total, c.complete, c.mets, c.not_mets as "notMets", c.improvements,
           c.risk_closed as "riskClosed", c.risk_critical as "riskCritical", c.risk_major as "riskMajor",
           c.risk_moderate as "riskModerate", c.risk_minor as "riskMinor"
      from public.assessments a
      join public.accreditations acc on acc.id = a.accreditation_id
      join public.organisations o on o.id = acc.practice_id
      join public.assessment_counts c on c.assessment_id = a.id
      left join public.survey_versions sv on sv.id = coalesce(a.survey_version_id, acc.survey_version_id)
      left join public.survey_visits v on v.id = a.survey_visit_id
     where a.id = ${assessmentId}`);
}

/**
 * Every indicator of the standards edition's standards (sets of type STANDARDS, as on the screen:
 * spec 002 §7 getIndicatorSet; optional modules are not part of it) in order, with the assessment's live response (archived
 * ones count as unanswered), its number of live comments and its checklists: one statement.
 */
function loadIndicators(db: Queryable, assessmentId: number, surveyVersionId: number) {
  return db.many<IndicatorRow>(sql`
    select s.id as set_id, s.full_code as set_code, s.name as set_name, i.code, i.name,
           case when r.id is null then null else to_jsonb(r) end as response,
           coalesce(cc.count, 0)::integer as comment_count,
           coalesce(q.checklists, '[]'::json) as checklists
      from public.indicator_sets s
      join public.indicators i on i.indicator_set_id = s.id
      left join public.indicator_responses r
        on r.indicator_id = i.id and r.assessment_id = ${assessmentId} and not r.archived
      left join lateral (
        select count(*) from public.comments c where c.indicator_response_id = r.id and not c.archived
      ) cc on true
      left join lateral (
        select json_agg(json_build_object(
                 'number', cl.question_number,
                 'text', cl.question_text,
                 'items', coalesce((
                   select json_agg(json_build_object('number', it.item_number, 'text', it.item_text,
                                                     'mustHave', it.must_have) order by it.item_number)
                     from public.checklist_items it where it.checklist_id = cl.id), '[]'::json))
                 order by cl.question_number) as checklists
          from public.checklists cl where cl.indicator_id = i.id
      ) q on true
     where s.survey_version_id = ${surveyVersionId} and s.type = 'STANDARDS'
     order by s.sort_order, s.full_code, s.id, i.sort_order, i.code, i.id`);
}

interface SurveyRow {
  start_time: string | null;
  end_time: string | null;
  surveyors: TReportSurvey['surveyors'];
  summaries: TReportSurvey['summaries'];
}

/**
 * A survey visit's times, its accepted surveyors (the lead first) and its live surveyor summaries
 * (general comments, oldest first) with each author's name: one statement.
 */
function loadSurvey(db: Queryable, assessmentId: number, visitId: number) {
  return db.one<SurveyRow>(sql`
    select to_char(v.start_time, 'HH24:MI') as start_time, to_char(v.end_time, 'HH24:MI') as end_time,
           coalesce((
             select json_agg(json_build_object(
                      'name', concat_ws(' ', t.comment, u.first_name, u.last_name), 'lead', sv.is_lead)
                    order by sv.is_lead desc, u.last_name, u.first_name, u.id)
               from public.survey_visitors sv join public.users u on u.id = sv.user_id
               left join public.person_title t on t.value = u.title
              where sv.survey_visit_id = v.id and sv.status = 'ACCEPTED'), '[]'::json) as surveyors,
           coalesce((
             select json_agg(json_build_object(
                      'author', concat_ws(' ', t.comment, u.first_name, u.last_name), 'text', g.text)
                    order by g.created_at, g.id)
               from public.general_comments g join public.users u on u.id = g.user_id
               left join public.person_title t on t.value = u.title
              where g.assessment_id = ${assessmentId} and not g.archived), '[]'::json) as summaries
      from public.survey_visits v
     where v.id = ${visitId}`);
}

/** The response fields the report reads, from a stored row (or blank). */
function responseOf(row: IndicatorRow['response']): TIndicatorResponseFields {
  if (!row) return BLANK_RESPONSE;
  const fields = Object.fromEntries(
    (Object.keys(BLANK_RESPONSE) as (keyof TIndicatorResponseFields)[]).map((key) => [key, row[key]]),
  ) as unknown as TIndicatorResponseFields;
  return { ...fields, checklists: row.checklists ?? {} };
}

function groupBySet(rows: IndicatorRow[]): TReportSet[] {
  const sets = new Map<number, TReportSet>();
  for (const row of rows) {
    let set = sets.get(row.set_id);
    if (!set) {
      set = { code: row.set_code, name: row.set_name, indicators: [] };
      sets.set(row.set_id, set);
    }
    set.indicators.push({
      code: row.code,
      name: row.name,
      response: responseOf(row.response),
      dateClosed: row.response?.date_closed ?? null,
      commentCount: row.comment_count,
      checklists: row.checklists,
    });
  }
  return [...sets.values()];
}

/**
 * The assessment report as a PDF (spec 001 §7 `generate_assessment_report`). The caller must be
 * able to read the assessment's responses (`canReadAssessmentResponses`) and see its Report
 * button (`assessmentButtons(...).report`: hidden for a survey visit IN_PROGRESS). An unknown
 * assessment and one of a practice the caller has no access to answer alike (`not_found`), so ids
 * cannot be probed; access without the right is `forbidden`.
 */
export async function getAssessmentReport(
  db: Queryable,
  caller: Caller,
  input: { assessmentId: number },
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const { context, buttons } = await loadAssessmentForCaller(db, caller, input.assessmentId, {
    // The bulk tools do not bear on the report.
    bulkToolsSwitch: false,
  });
  if (!canReadAssessmentResponses(context) || !buttons.report) {
    throw new AppError('forbidden', { message: REPORT_NOT_AVAILABLE });
  }
  const assessment = await loadAssessment(db, input.assessmentId);
  if (!assessment) throw noSuchAssessment();

  const rows =
    assessment.survey_version_id === null
      ? []
      : await loadIndicators(db, assessment.id, assessment.survey_version_id);
  const survey =
    assessment.type === 'SURVEY_VISIT' && assessment.survey_visit_id !== null
      ? await loadSurvey(db, assessment.id, assessment.survey_visit_id)
      : null;
  const generatedOn = portalToday();
  const report: TAssessmentReport = {
    practiceName: assessment.practice_name,
    type: assessment.type,
    status: assessment.status,
    visitType: assessment.visit_type,
    visitDate: assessment.visit_date,
    surveyVersion: assessment.survey_version,
    dueDate: assessment.due_date,
    lastUpdated: portalToday(assessment.updated_at),
    generatedOn,
    counts: {
      // Of the standards the report shows (the view also counts optional modules).
      total: rows.length,
      complete: rows.filter((row) => isAnswered(assessment.type, responseOf(row.response))).length,
      mets: assessment.mets,
      notMets: assessment.notMets,
      improvements: assessment.improvements,
      riskClosed: assessment.riskClosed,
      riskCritical: assessment.riskCritical,
      riskMajor: assessment.riskMajor,
      riskModerate: assessment.riskModerate,
      riskMinor: assessment.riskMinor,
    },
    sets: groupBySet(rows),
    survey: survey && {
      startTime: survey.start_time,
      endTime: survey.end_time,
      surveyors: survey.surveyors,
      summaries: survey.summaries,
    },
  };
  const typeLabel = assessmentTypeLabel(assessment.type, assessment.visit_type);
  return {
    fileName: `${fileNamePart(assessment.practice_name, 'practice')}-${fileNamePart(typeLabel, 'assessment')}-report-${generatedOn}.pdf`,
    pdf: await renderAssessmentReport(report),
  };
}
