import type { ScaleContext } from './context.ts';

/** Renewals due, paid or pending: `reapplications`. */
export async function insertReapplications({ sql, base }: ScaleContext): Promise<void> {
  await sql(
    `insert into public.reapplications (id, practice_id, accreditation_id, status, due_date, paid_at, created_at, updated_at)
     overriding system value
     select $1::int + row_number() over (order by p.g), p.org_id, p.acc_id, p.reapp,
            coalesce(p.expiry, public.portal_today()) - 60,
            case when p.reapp = 'COMPLETED' then p.app_date - 10 end,
            case when p.reapp = 'COMPLETED' then p.app_date - 40 else now() - (p.g % 60) * interval '1 day' end,
            case when p.reapp = 'COMPLETED' then p.app_date - 10 else now() - (p.g % 60) * interval '1 day' end
       from scale_p p where p.reapp is not null`,
    [base.reapplication],
  );
}
