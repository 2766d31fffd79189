/** What a verified certificate is today (the public verify page, ours). */
export type TCertificateVerificationState = 'current' | 'superseded' | 'revoked' | 'expired';

/**
 * A certificate's state as the verify page tells it: superseded or revoked by its validity,
 * expired once its expiry date is behind `today` (yyyy-MM-dd), else current.
 */
export function certificateVerificationState(certificate: {
  validity: string;
  expiryDate: string;
  today: string;
}): TCertificateVerificationState {
  if (certificate.validity === 'SUPERSEDED') return 'superseded';
  if (certificate.validity === 'REVOKED') return 'revoked';
  if (certificate.expiryDate < certificate.today) return 'expired';
  return 'current';
}

/** The verify page's words: its heading, its form, and the verdict per state. */
export const VERIFY_MESSAGES = {
  heading: 'Certificate verification',
  codeLabel: 'Verification code',
  submit: 'Verify',
  intro: 'Enter the verification code printed on the certificate to check that it is genuine and current.',
  malformed: 'A verification code has 12 letters and digits, like ABCD-EFGH-JK23.',
  notFound: 'No certificate matches this code',
  tooMany: 'Too many verification attempts from your address. Please try again in a minute.',
  verdict: {
    current: 'Genuine and current',
    superseded: 'This certificate has been superseded',
    revoked: 'This certificate has been revoked',
    expired: 'This certificate has expired',
  } satisfies Record<TCertificateVerificationState, string>,
  explanation: {
    current: 'This certificate was issued by the provider and is in force.',
    superseded:
      'The provider has issued a newer certificate to this practice; this one is no longer in force.',
    revoked: 'The provider has withdrawn this certificate; it is not in force.',
    expired: 'This certificate was issued by the provider, but its expiry date has passed.',
  } satisfies Record<TCertificateVerificationState, string>,
} as const;
