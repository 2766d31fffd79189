import { MARK_DOMAIN, QAMS, SURVEYORS } from './constants.ts';
import type { ScaleContext } from './context.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';

/** QAMs, surveyors (with their profiles) and two practice managers per practice: `users`, `surveyor_profiles`. */
export async function insertUsers({ sql, n, base, users, demoHash }: ScaleContext): Promise<void> {
  // People: QAMs, surveyors (with profiles), two practice managers per practice.
  await sql(
    `insert into public.users (id, email, password_hash, title, first_name, last_name, phone, is_staff, is_qam,
                               is_surveyor, created_at, updated_at)
     overriding system value
     select $1::int + u, 'pm' || u || '@${MARK_DOMAIN}', $2::text, (array['MR','MRS','MS','MISS'])[1 + u % 4],
            ($3::text[])[1 + (u * 7) % array_length($3::text[], 1)], ($4::text[])[1 + (u * 13) % array_length($4::text[], 1)],
            '04' || lpad(((u::bigint * 7919) % 100000000)::text, 8, '0'), false, false, false,
            now() - ((u * 37) % 2000) * interval '1 day', now() - ((u * 37) % 2000) * interval '1 day'
       from generate_series(1, 2 * $5::int) u
     union all
     select ${users.surveyor} + u, 'surveyor' || u || '@${MARK_DOMAIN}', $2::text, (array['DR','DR','MR','MS'])[1 + u % 4],
            ($3::text[])[1 + (u * 11) % array_length($3::text[], 1)], ($4::text[])[1 + (u * 17) % array_length($4::text[], 1)],
            '04' || lpad(((u::bigint * 104729) % 100000000)::text, 8, '0'), false, false, true,
            now() - interval '3 years', now() - interval '3 years'
       from generate_series(1, ${SURVEYORS}) u
     union all
     select ${users.qam} + u, 'qam' || u || '@${MARK_DOMAIN}', $2::text, 'MS',
            ($3::text[])[1 + (u * 5) % array_length($3::text[], 1)], ($4::text[])[1 + (u * 3) % array_length($4::text[], 1)],
            null, true, true, false, now() - interval '4 years', now() - interval '4 years'
       from generate_series(1, ${QAMS}) u`,
    [base.user, demoHash ?? null, FIRST_NAMES, LAST_NAMES, n],
  );
  await sql(
    `insert into public.surveyor_profiles (user_id, rate_classification, home_state, active, created_at)
     select ${users.surveyor} + u, (array['STANDARD','STANDARD','SENIOR','LEAD'])[1 + u % 4],
            (array['NSW','NSW','VIC','VIC','QLD','QLD','WA','SA','TAS','ACT','NT'])[1 + u % 11], u % 25 <> 0,
            now() - interval '3 years'
       from generate_series(1, ${SURVEYORS}) u`,
  );
}
