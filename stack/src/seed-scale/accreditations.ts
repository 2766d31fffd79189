import { STAFF_PER_PRACTICE } from './constants.ts';
import type { ScaleContext } from './context.ts';

/** Nominated contacts and the accreditation cycles that name them: `contacts`, `accreditations`. */
export async function insertAccreditations({ sql, base, users, versionId }: ScaleContext): Promise<void> {
  // Four nominated contacts per practice, then the accreditation cycles that name them.
  await sql(
    `insert into public.contacts (id, practice_id, first_name, last_name, type, user_id, email, phone, created_at, updated_at)
     overriding system value
     select $1::int + (p.g - 1) * 4 + k + 1, p.org_id, s.first_name, s.last_name,
            (array['ACCREDITATION','GP','NURSE','SUPPORT'])[k + 1],
            case when k = 0 then ${users.pm} + 2 * p.g - 1 end, s.email, s.phone, p.app_date, p.app_date
       from scale_p p cross join generate_series(0, 3) k
       join public.practice_staff s on s.id = $2::int + (p.g - 1) * ${STAFF_PER_PRACTICE} + (array[6, 1, 4, 7])[k + 1]`,
    [base.contact, base.staff],
  );
  await sql(
    `insert into public.accreditations (id, practice_id, status, survey_version_id, qam_id, application_date,
        accreditation_decision_date, self_assessment_due, survey_visit_due, expiry_date, ext_date, swpe, is_first_view,
        nominated_accreditation_contact_id, nominated_gp_contact_id, nominated_nurse_contact_id,
        nominated_support_contact_id, created_at, updated_at)
     overriding system value
     select p.acc_id, p.org_id, p.astatus, $1::int, p.qam_id, p.app_date, p.decision,
            case when p.pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then p.app_date + 90 end,
            case when p.pstatus not in ('APPLICATION', 'PAYMENT_PENDING') then p.app_date + 200 end,
            p.expiry, p.ext, 2000 + (p.g::bigint * 7919) % 18000, p.pstatus in ('APPLICATION', 'PAYMENT_PENDING'),
            $2::int + (p.g - 1) * 4 + 1, $2::int + (p.g - 1) * 4 + 2, $2::int + (p.g - 1) * 4 + 3, $2::int + (p.g - 1) * 4 + 4,
            p.app_date, p.app_date
       from scale_p p`,
    [versionId, base.contact],
  );
}
