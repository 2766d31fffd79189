import { SURVEYORS } from './constants.ts';
import type { ScaleContext } from './context.ts';

/** Who works where: `practice_users` (practice managers, and surveyors on the practices they visit). */
export async function insertPracticeUsers({ sql, base, users }: ScaleContext): Promise<void> {
  // Who works where: two practice managers per practice, surveyors on the practices they visit.
  await sql(
    `insert into public.practice_users (id, practice_id, user_id, role, active, created_at) overriding system value
     select $1::int + row_number() over (order by x.practice_id, x.user_id, x.role), x.*
       from (select p.org_id as practice_id, ${users.pm} + 2 * p.g - k as user_id, 'PM' as role, true as active,
                    p.app_date::timestamptz as created_at
               from scale_p p cross join generate_series(0, 1) k
             union all
             select p.org_id, ${users.surveyor} + 1 + su, 'SU', true, p.app_date::timestamptz
               from scale_p p cross join lateral (
                 select p.su_idx as su union all
                 select (p.su_idx + 1 + p.su_step) % ${SURVEYORS} where p.second_surveyor) v
              where p.visit_status in ('FINAL', 'PREFERRED_DAYS_REQ', 'DRAFT')) x`,
    [base.practiceUser],
  );
}
