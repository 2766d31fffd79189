import { certificateNumber, verifyRoute } from '@portal/domain';
import type { TCertificatePdf } from '@portal/pdf';
import { type SqlQuery, sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** A certificate's row with what it prints, as `certificateContentQuery` reads it. */
export interface CertificateContentRow {
  id: number;
  storage_key: string | null;
  type: string;
  name: string;
  trading_name: string;
  legal_entity_name: string | null;
  locations: string[];
  standards: string | null;
  issuing_provider: string;
  certification_date: string;
  issue_date: string;
  commencement_date: string | null;
  expiry_date: string;
  condition: string | null;
  certified_by: string | null;
  certificate_number: string | null;
  verification_code: string | null;
}

/**
 * The certificates `where` selects, each with what it prints: the practice's trading and legal
 * names and every site it covers (SQL `practice_certificate_locations`: the practice's physical
 * address, then each active branch practice's by suburb; docs/decisions/assessments.md,
 * "Certification and the certificate"), the standards, the certifier's
 * name, its number and verification code. The standards are those the certified assessment was
 * answered against (its cycle's when it names none). One statement for the service and the demo files
 * (stack), so a stored certificate and a demo one print alike.
 */
export function certificateContentQuery(where: SqlQuery): SqlQuery {
  return sql`
    select c.id, c.storage_key, c.type, c.name, o.name as trading_name, o.legal_entity_name,
           public.practice_certificate_locations(c.practice_id) as locations,
           sv.name as standards, c.issuing_provider, c.condition,
           to_char(c.certification_date, 'YYYY-MM-DD') as certification_date,
           to_char(c.issue_date, 'YYYY-MM-DD') as issue_date,
           to_char(c.commencement_date, 'YYYY-MM-DD') as commencement_date,
           to_char(c.expiry_date, 'YYYY-MM-DD') as expiry_date,
           nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as certified_by,
           c.certificate_number, c.verification_code
      from public.certificates c
      join public.organisations o on o.id = c.practice_id
      left join public.accreditations acc on acc.id = c.accreditation_id
      left join public.assessments ca on ca.id = c.assessment_id
      left join public.survey_versions sv on sv.id = coalesce(ca.survey_version_id, acc.survey_version_id)
      left join public.users u on u.id = c.certified_by_id
     where ${where}`;
}

/** Every certificate that has a stored file, with what it prints (the demo files' certificates). */
export const certificatesWithAFileQuery = (): SqlQuery =>
  certificateContentQuery(sql`c.storage_key is not null`);

/** What a certificate's row prints, with the verify page's address under `appOrigin` (none without one). */
export function certificateContentOf(row: CertificateContentRow, appOrigin: string | null): TCertificatePdf {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    tradingName: row.trading_name,
    legalEntityName: row.legal_entity_name,
    locations: row.locations,
    standards: row.standards,
    issuingProvider: row.issuing_provider,
    certificationDate: row.certification_date,
    issueDate: row.issue_date,
    commencementDate: row.commencement_date,
    expiryDate: row.expiry_date,
    condition: row.condition,
    certifiedBy: row.certified_by,
    certificateNumber: row.certificate_number ?? certificateNumber(row.id, row.type, row.issue_date),
    verificationCode: row.verification_code,
    verifyUrl:
      row.verification_code && appOrigin ? `${appOrigin}${verifyRoute(row.verification_code)}` : null,
  };
}

/** What a stored certificate prints, read from its row (`certificateContentQuery`), or null when there is none. */
export async function loadCertificateContent(
  db: Queryable,
  certificateId: number,
  appOrigin: string,
): Promise<TCertificatePdf | null> {
  const row = await db.maybeOne<CertificateContentRow>(certificateContentQuery(sql`c.id = ${certificateId}`));
  return row ? certificateContentOf(row, appOrigin) : null;
}
