import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random opaque token: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The hex SHA-256 of a token: what we store instead of the token. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** Compares two secrets in constant time, whatever their lengths. */
export function safeEqual(a: string, b: string): boolean {
  // Hashing first gives equal lengths, so the comparison leaks neither content nor length.
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
