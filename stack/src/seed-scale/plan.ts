import { NETWORKS, QAMS, SURVEYORS } from './constants.ts';
import type { ScaleContext } from './context.ts';
import { PHN, SUBURBS } from './places.ts';

/**
 * The temporary tables every generator reads: `scale_suburb` (the places) and `scale_p`, one row
 * per generated practice with every random choice made once, so the tables agree.
 */
export async function planPractices({ sql, n, base, users }: ScaleContext): Promise<void> {
  await sql('select setseed(0.20260101)');
  await sql(
    `create temporary table scale_suburb on commit drop as
     select * from json_to_recordset($1::json) as x(i int, suburb text, state text,
       postcode text, lat float8, lng float8, mmm text, phn text[])`,
    [
      JSON.stringify(
        SUBURBS.map(([suburb, state, postcode, lat, lng, mmm], i) => ({
          i,
          suburb,
          state,
          postcode,
          lat,
          lng,
          mmm,
          phn: PHN[state],
        })),
      ),
    ],
  );
  // One row per generated practice with every random choice made once, so later statements agree.
  await sql(
    `create temporary table scale_p on commit drop as
     with r as (
       select g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6, random() r7,
              random() r8, random() r9, random() r10, random() r11
         from generate_series(1, $1::int) g),
     s as (
       select r.*,
         case when r1 < 0.03 then 'APPLICATION' when r1 < 0.07 then 'PAYMENT_PENDING'
              when r1 < 0.27 then 'IN_PROGRESS' when r1 < 0.97 then 'ACCREDITED'
              when r1 < 0.99 then 'EXPIRED' else 'WITHDRAWN' end as pstatus
       from r),
     e as (
       select s.*,
         case when pstatus in ('APPLICATION', 'PAYMENT_PENDING', 'IN_PROGRESS') then 'OPEN' else 'CLOSED' end as astatus,
         case pstatus
           when 'ACCREDITED' then public.portal_today() + (r2 * 1125)::int - 30
           when 'EXPIRED' then public.portal_today() - 1 - (r2 * 1094)::int
           when 'WITHDRAWN' then public.portal_today() - (r2 * 1095)::int
           when 'IN_PROGRESS' then case when r3 < 0.5 then null else public.portal_today() + (r2 * 420)::int - 30 end
         end as expiry
       from s)
     select e.g,
       $2::int + g as addr_id, $3::int + g as org_id, $4::int + g as acc_id,
       case when pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then $5::int + g end as visit_id,
       $6::int + g as pres_id,
       pstatus, astatus, expiry,
       case when expiry < public.portal_today() and pstatus in ('ACCREDITED', 'IN_PROGRESS') then expiry + 120 end as ext,
       case when astatus = 'CLOSED' then expiry - 1245 else public.portal_today() - 14 - (r3 * 300)::int end as app_date,
       case when astatus = 'CLOSED' then expiry - 1095 end as decision,
       (r4 * ${SUBURBS.length})::int % ${SUBURBS.length} as sub,
       case when r7 < 0.3 then $7::int + 1 + (r8 * ${NETWORKS})::int % ${NETWORKS} end as network_id,
       case when pstatus = 'IN_PROGRESS' and g % 10 <> 0 then
              case when r5 < 0.25 then 'PLANNING' when r5 < 0.55 then 'PREFERRED_DAYS_REQ' when r5 < 0.65 then 'DRAFT' else 'FINAL' end
            when pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then 'FINAL' end as visit_status,
       case when g % 10 = 0 and pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then
              case when astatus = 'CLOSED' then 'CERTIFIED'
                   else (array['IN_PROGRESS', 'PARTIALLY_SUBMITTED', 'UNDER_REVIEW', 'ACTION_REQUIRED', 'APPROVED'])[1 + (r6 * 5)::int % 5] end
       end as sv_status,
       case when astatus = 'CLOSED' then 'COMPLETED'
            when pstatus <> 'IN_PROGRESS' then 'IN_PROGRESS'
            when g % 10 = 0 or r5 >= 0.65 then 'COMPLETED'
            when r6 < 0.6 then 'IN_PROGRESS' when r6 < 0.75 then 'UNDER_REVIEW' else 'COMPLETED' end as pres_status,
       case when pstatus = 'ACCREDITED' and expiry < public.portal_today() + 180 then
              case when r9 < 0.55 then 'DUE' when r9 < 0.85 then 'PAYMENT_PENDING' end
            when pstatus = 'IN_PROGRESS' and expiry is not null and r9 < 0.6 then 'COMPLETED' end as reapp,
       ${users.qam}::int + 1 + (r10 * ${QAMS})::int % ${QAMS} as qam_id,
       (r11 * ${SURVEYORS})::int % ${SURVEYORS} as su_idx,
       (r2 * 997)::int % ${SURVEYORS - 1} as su_step,
       r3 < 0.5 as second_surveyor,
       r8 as r_name, r9 as r_misc
     from e`,
    [n, base.address, base.org, base.accreditation, base.visit, base.assessment, base.network],
  );
  await sql('create index on scale_p (g)');
  await sql('analyze scale_p');
}
