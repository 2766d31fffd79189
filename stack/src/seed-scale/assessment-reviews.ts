import type { ScaleContext } from './context.ts';

/** What surveyors add to a survey visit assessment: `confidentiality_signs`, `assessment_submissions`, `general_comments`, `action_plan_activities`. */
export async function insertAssessmentReviews({ sql, n, base }: ScaleContext): Promise<void> {
  // Surveyors' agreements, submissions and summaries; action plans for the not-met indicators.
  await sql(
    `insert into public.confidentiality_signs (assessment_id, user_id, signed_at)
     select a.id, v.user_id, a.created_at from public.assessments a
       join public.survey_visitors v on v.survey_visit_id = a.survey_visit_id and v.status = 'ACCEPTED'
      where a.id > $1::int`,
    [base.assessment + n],
  );
  await sql(
    `insert into public.assessment_submissions (assessment_id, user_id, submitted_at)
     select a.id, v.user_id, a.updated_at from public.assessments a
       join public.survey_visitors v on v.survey_visit_id = a.survey_visit_id and v.status = 'ACCEPTED'
      where a.id > $1::int and (a.status not in ('IN_PROGRESS', 'PARTIALLY_SUBMITTED') or (a.status = 'PARTIALLY_SUBMITTED' and v.is_lead))`,
    [base.assessment + n],
  );
  await sql(
    `insert into public.general_comments (assessment_id, user_id, text, created_at, updated_at)
     select a.id, v.user_id,
            case when v.is_lead then 'The practice team was well prepared and records were of a good standard. '
                   || 'Non-conformities are described against each indicator; the practice manager accepted the findings.'
                 else 'Agree with the lead surveyor.' end, a.updated_at, a.updated_at
       from public.assessments a
       join public.survey_visitors v on v.survey_visit_id = a.survey_visit_id and v.status = 'ACCEPTED'
      where a.id > $1::int and a.status not in ('IN_PROGRESS')`,
    [base.assessment + n],
  );
  await sql(
    `insert into public.action_plan_activities (indicator_response_id, description, responsible, due_date, status,
        closed_at, created_by_id, created_at)
     select r.id, 'Address the finding: ' || lower(left(r.non_compliance_statement, 1)) || substr(r.non_compliance_statement, 2),
            'Practice manager', a.action_plan_due, r.non_conformity_status,
            case when r.non_conformity_status = 'CLOSED' then r.date_closed::timestamptz end,
            a.last_updated_by_id, a.updated_at
       from public.indicator_responses r join public.assessments a on a.id = r.assessment_id
      where a.id > $1::int and a.status in ('ACTION_REQUIRED', 'APPROVED', 'CERTIFIED') and r.compliance = 'NOT_MET'`,
    [base.assessment + n],
  );
}
