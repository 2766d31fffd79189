import {
  CERTIFICATE_TYPE_LABELS,
  certificateNumber,
  certificateVerificationState,
  normaliseVerificationCode,
  type TCertificateVerificationState,
  VERIFY_MESSAGES,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { loadCertificateContent } from './certificate-content.ts';

/** What the public verify page shows: only what the certificate itself prints, and its state today. */
export interface TVerifiedCertificate {
  state: TCertificateVerificationState;
  verdict: string;
  certificateNumber: string;
  type: string;
  practiceName: string;
  tradingName: string;
  locations: readonly string[];
  issuingProvider: string;
  certificationDate: string;
  issueDate: string;
  commencementDate: string | null;
  expiryDate: string;
  condition: string | null;
}

/**
 * The public check of a certificate by its verification code (no sign-in; ours): a code
 * that cannot be one is refused (400) before the database is asked; an unknown code answers
 * 'No certificate matches this code' (404); a known one its printed details and whether it is
 * current, superseded, revoked or expired today.
 */
export async function verifyCertificate(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  typedCode: string,
): Promise<TVerifiedCertificate> {
  const code = normaliseVerificationCode(typedCode);
  if (!code) throw new AppError('invalid_input', { message: VERIFY_MESSAGES.malformed });
  const row = await app.db.maybeOne<{ id: number; validity: string; expiry_date: string; today: string }>(sql`
    select id, validity, to_char(expiry_date, 'YYYY-MM-DD') as expiry_date,
           to_char(public.portal_today(), 'YYYY-MM-DD') as today
      from public.certificates where verification_code = ${code}`);
  const content = row ? await loadCertificateContent(app.db, row.id, app.config.appOrigin) : null;
  if (!row || !content) throw new AppError('not_found', { message: VERIFY_MESSAGES.notFound });
  const state = certificateVerificationState({
    validity: row.validity,
    expiryDate: row.expiry_date,
    today: row.today,
  });
  return {
    state,
    verdict: VERIFY_MESSAGES.verdict[state],
    certificateNumber:
      content.certificateNumber ?? certificateNumber(content.id, content.type, content.issueDate),
    type: CERTIFICATE_TYPE_LABELS[content.type] ?? content.type,
    practiceName: content.name,
    tradingName: content.tradingName,
    locations: content.locations,
    issuingProvider: content.issuingProvider,
    certificationDate: content.certificationDate,
    issueDate: content.issueDate,
    commencementDate: content.commencementDate,
    expiryDate: content.expiryDate,
    condition: content.condition,
  };
}
