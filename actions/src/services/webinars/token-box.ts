import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Webinar tokens at rest: AES-256-GCM under a key derived from the service's secret, so a dump of
 * the database alone reveals no token. `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
export function tokenBoxKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('webinar-token-box').digest();
}

export function sealToken(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The token, or null when the box was sealed under another key or altered. */
export function openToken(sealed: string, key: Buffer): string | null {
  const [version, iv, tag, body, extra] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined || extra !== undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
