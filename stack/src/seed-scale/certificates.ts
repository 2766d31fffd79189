import type { ScaleContext } from './context.ts';

/** Certificates for the accredited (and expired) cycles: `certificates`. */
export async function insertCertificates({ sql, base }: ScaleContext): Promise<void> {
  await sql(
    `insert into public.certificates (id, practice_id, accreditation_id, assessment_id, type, validity, name,
        issuing_provider, storage_key, certification_date, issue_date, commencement_date, expiry_date, certified_by_id, created_at)
     overriding system value
     select $1::int + row_number() over (order by p.g), p.org_id, p.acc_id, sv.id, 'ACCREDITATION',
            case when p.pstatus = 'ACCREDITED' then 'VALID' else 'SUPERSEDED' end, o.name, 'Demo Accreditation Provider',
            'certificates/' || p.org_id || '/accreditation.pdf', p.decision, p.decision, p.decision, p.expiry,
            (select id from public.users where email = 'admin@demo.test'), p.decision
       from scale_p p join public.organisations o on o.id = p.org_id
       left join public.assessments sv on sv.survey_visit_id = p.visit_id
      where p.astatus = 'CLOSED' and p.pstatus in ('ACCREDITED', 'EXPIRED')`,
    [base.certificate],
  );
}
