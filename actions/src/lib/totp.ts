import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS } from '@portal/domain';
import { Secret, TOTP } from 'otpauth';

/**
 * Time-based one-time codes (RFC 6238) through `otpauth`: SHA-1, 6 digits, 30 s, the settings
 * every authenticator app reads from an `otpauth://` link.
 */
function totpOf(secret: string, label = '') {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** A new secret of 160 random bits (RFC 4226's recommendation), as 32 base32 characters. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The `otpauth://totp/…` link an authenticator app reads from the QR code. */
export function totpUri(secret: string, accountName: string): string {
  return totpOf(secret, accountName).toString();
}

/**
 * The time step of a code that is right now, allowing one step either side (a phone's clock a
 * little off, a code typed as it turned over); null when it is wrong.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: 1 });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}
