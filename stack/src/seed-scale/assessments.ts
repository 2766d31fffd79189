import type { ScaleContext } from './context.ts';

/** A self assessment per cycle, a survey visit assessment for about one in ten: `assessments`. */
export async function insertAssessments({ sql, n, base, users }: ScaleContext): Promise<void> {
  // Assessments: a self assessment per cycle, a survey visit assessment for about one in ten.
  await sql(
    `insert into public.assessments (id, accreditation_id, survey_visit_id, type, status, due_date, action_plan_due,
        last_updated_by_id, created_at, updated_at)
     overriding system value
     select p.pres_id, p.acc_id, null, 'PRESURVEY', p.pres_status, p.app_date + 90, null, ${users.pm} + 2 * p.g - 1,
            p.app_date + 5, p.app_date + 60
       from scale_p p
     union all
     select $1::int + p.g, p.acc_id, p.visit_id, 'SURVEY_VISIT', p.sv_status, v.date,
            case when p.sv_status in ('ACTION_REQUIRED', 'APPROVED', 'CERTIFIED') then v.date + 60 end,
            ${users.surveyor} + 1 + p.su_idx, v.date - 3, v.date + 10
       from scale_p p join public.survey_visits v on v.id = p.visit_id
      where p.sv_status is not null`,
    [base.assessment + n],
  );
}
