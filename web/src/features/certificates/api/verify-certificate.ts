import { VERIFY_MESSAGES } from '@portal/domain';
import { z } from 'zod';

/** GET /api/certificates/verify/:code: what the certificate prints, and its state today. */
const ZVerifiedCertificateSchema = z.object({
  state: z.enum(['current', 'superseded', 'revoked', 'expired']),
  verdict: z.string(),
  certificateNumber: z.string(),
  type: z.string(),
  practiceName: z.string(),
  tradingName: z.string(),
  locations: z.array(z.string()),
  issuingProvider: z.string(),
  certificationDate: z.string(),
  issueDate: z.string(),
  commencementDate: z.string().nullable(),
  expiryDate: z.string(),
  condition: z.string().nullable(),
});
export type TVerifiedCertificate = z.infer<typeof ZVerifiedCertificateSchema>;

/** The answer of a check: the certificate, or why there is none to show. */
export type TVerification =
  | { kind: 'found'; certificate: TVerifiedCertificate }
  | { kind: 'notFound' | 'malformed' | 'tooMany' | 'failed'; message: string };

/** Ours: the check could not be made (network, server). */
export const VERIFY_FAILED = 'The certificate could not be checked just now. Please try again.';

/**
 * Asks the public check (no credentials: nobody signs in to verify a certificate) about `code`.
 */
export async function verifyCertificate(apiUrl: string, code: string): Promise<TVerification> {
  try {
    const response = await fetch(`${apiUrl}/certificates/verify/${encodeURIComponent(code)}`, {
      credentials: 'omit',
    });
    // A refusal's body is read too (and dropped): left unread, the browser counts the request as still loading.
    if (!response.ok) await response.text().catch(() => '');
    if (response.status === 404) return { kind: 'notFound', message: VERIFY_MESSAGES.notFound };
    if (response.status === 400) return { kind: 'malformed', message: VERIFY_MESSAGES.malformed };
    if (response.status === 429) return { kind: 'tooMany', message: VERIFY_MESSAGES.tooMany };
    if (!response.ok) return { kind: 'failed', message: VERIFY_FAILED };
    const parsed = ZVerifiedCertificateSchema.safeParse(await response.json());
    return parsed.success
      ? { kind: 'found', certificate: parsed.data }
      : { kind: 'failed', message: VERIFY_FAILED };
  } catch {
    return { kind: 'failed', message: VERIFY_FAILED };
  }
}
