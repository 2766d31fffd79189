/**
 * The public code printed on a certificate, with which anyone checks it at /verify/<code>: 12
 * characters from an alphabet without the look-alikes 0/O and 1/I, grouped XXXX-XXXX-XXXX (the
 * column's CHECK). 32 symbols give 60 random bits: not guessable, and a byte masked to five bits
 * picks one without bias.
 */
export const VERIFICATION_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const VERIFICATION_CODE_LENGTH = 12;
/** The stored and printed form (the database's CHECK is the same pattern). */
export const VERIFICATION_CODE_PATTERN = /^[A-Z0-9]{4}(-[A-Z0-9]{4}){2}$/;

/** Fills a buffer with random bytes (Web Crypto's getRandomValues, in browsers and Node). */
export type TRandomBytes = (length: number) => Uint8Array;

const webCryptoBytes: TRandomBytes = (length) => globalThis.crypto.getRandomValues(new Uint8Array(length));

/** A new random verification code, XXXX-XXXX-XXXX. */
export function generateVerificationCode(random: TRandomBytes = webCryptoBytes): string {
  const bytes = random(VERIFICATION_CODE_LENGTH);
  let code = '';
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += VERIFICATION_CODE_ALPHABET[bytes[i]! & 31];
  return groupCode(code);
}

function groupCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8, 12)}`;
}

/** The longest text taken as a typed code (12 symbols with room for spaces and dashes). */
export const VERIFICATION_CODE_TYPED_MAX_LENGTH = 64;

/**
 * A code as someone typed it (any case, spaces, with or without the dashes) in its printed form,
 * or null when it cannot be one: longer than VERIFICATION_CODE_TYPED_MAX_LENGTH, or holding
 * anything but ASCII letters and digits once spaces and dashes are gone (checked before the
 * upper-casing, which would turn 'ı' into I and 'ﬀ' into FF).
 */
export function normaliseVerificationCode(typed: string): string | null {
  if (typed.length > VERIFICATION_CODE_TYPED_MAX_LENGTH) return null;
  const bare = typed.replace(/[\s-]+/g, '');
  if (!/^[A-Za-z0-9]{12}$/.test(bare)) return null;
  return groupCode(bare.toUpperCase());
}

/** Whether a text is a code in its printed form. */
export function isVerificationCode(text: string): boolean {
  return VERIFICATION_CODE_PATTERN.test(text);
}
