import { MARK_DOMAIN, STAFF_PER_PRACTICE } from './constants.ts';
import type { ScaleContext } from './context.ts';
import { FIRST_NAMES, LAST_NAMES } from './names.ts';

/** The staff register: `practice_staff`, eight per practice. */
export async function insertPracticeStaff({ sql, base, users }: ScaleContext): Promise<void> {
  // Staff register: eight per practice across types; a few resigned, most verified.
  await sql(
    `insert into public.practice_staff (id, practice_id, title, first_name, last_name, type, registration_num,
        employment_type, start_date, employment_status, resignation_date, email, vr_status, hours_per_week, fte_band,
        cpr_expiry, qicpd, qa_cpd_num, phone, active, verified, verified_at, verified_by_id, created_at, updated_at)
     overriding system value
     select $1::int + (p.g - 1) * ${STAFF_PER_PRACTICE} + k + 1, p.org_id,
            case when t.type = 'gp' then 'DR' else (array['MR','MRS','MS','MISS'])[1 + (p.g + k) % 4] end,
            f.first_name, l.last_name, t.type,
            case t.type when 'gp' then 'MED' || lpad(((p.g * 8 + k)::bigint * 7919 % 10000000000)::text, 10, '0')
                        when 'nurse' then 'NMW' || lpad(((p.g * 8 + k)::bigint * 6007 % 10000000000)::text, 10, '0')
                        when 'allied_health' then 'PHY' || lpad(((p.g * 8 + k)::bigint * 5003 % 10000000000)::text, 10, '0') end,
            case when k = 0 then 'OWNER' when t.type = 'gp' and k = 2 then 'CONTRACTOR' else 'EMPLOYEE' end,
            d.start_date,
            case when d.resigned then 'INACTIVE' else 'ACTIVE' end,
            case when d.resigned then least(public.portal_today() - 1, d.start_date + 100 + (p.g % 300)) end,
            lower(replace(f.first_name || '.' || l.last_name, '''', '')) || '.' || p.g || k || '@${MARK_DOMAIN}',
            case when t.type = 'gp' then case when k = 2 then 'FELLOWSHIP_PATHWAY' else 'VR' end end,
            h.hours, case when h.hours >= 30 then 'FTE_75_100' when h.hours >= 20 then 'FTE_50_75' else 'FTE_25_50' end,
            public.portal_today() + ((p.g * 31 + k * 97) % 1100) - 60,
            case when t.type = 'gp' then case when (p.g + k) % 3 = 0 then 'ACRRM' else 'RACGP' end end,
            case when t.type = 'gp' then (400000 + (p.g * 8 + k) % 500000)::text end,
            '04' || lpad((((p.g * 8 + k)::bigint * 104729) % 100000000)::text, 8, '0'),
            not d.resigned, v.verified, case when v.verified then d.start_date + 7 end,
            case when v.verified then ${users.pm} + 2 * p.g - 1 end,
            d.start_date, d.start_date
       from scale_p p
       cross join generate_series(0, ${STAFF_PER_PRACTICE - 1}) k
       cross join lateral (select (array['gp','gp','gp','nurse','nurse','support','support',
                                         case when p.g % 2 = 0 then 'allied_health' else 'other' end])[k + 1] as type) t
       cross join lateral (select ($2::text[])[1 + (p.g * 8 + k) * 7 % array_length($2::text[], 1)] as first_name) f
       cross join lateral (select ($3::text[])[1 + ((p.g * 8 + k) * 13 + p.g) % array_length($3::text[], 1)] as last_name) l
       cross join lateral (select (array[38, 30.5, 24, 16, 40, 20, 8])[1 + (p.g + k) % 7]::numeric as hours) h
       cross join lateral (select public.portal_today() - 200 - ((p.g * 8 + k) * 53) % 4000 as start_date,
                                  k = 7 and p.g % 9 = 0 as resigned) d
       cross join lateral (select (p.g + k) % 5 <> 0 as verified) v`,
    [base.staff, FIRST_NAMES, LAST_NAMES],
  );
}
