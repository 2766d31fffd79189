/**
 * The security headers the gateway puts on every answer (the app, /api, /v1, /healthz). The
 * gateway's values win over an upstream's.
 */

export interface SecurityHeaderOptions {
  /**
   * Origins the browser talks to besides the app's own: the S3 endpoint of presigned uploads
   * (fetch PUT: connect-src) and downloads and avatars (img-src).
   */
  s3Origins: string[];
  /**
   * The Vite dev server is behind `/`: its React refresh preamble is an inline script, so
   * scripts may also be inline. Everything else stays as strict as in production.
   */
  dev: boolean;
  /**
   * PUBLIC_URL, the address browsers use. On https the gateway sits behind a TLS proxy (or a load
   * balancer) and tells browsers to keep to https (Strict-Transport-Security).
   */
  publicUrl: string;
}

/**
 * HSTS for a year, for the portal's own host only: `includeSubDomains` would bind every other
 * host under the same domain, which the portal does not own. Browsers heed it only over https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** The Content-Security-Policy the production build of the app works under. */
export function contentSecurityPolicy({ s3Origins, dev }: Omit<SecurityHeaderOptions, 'publicUrl'>): string {
  const s3 = [...new Set(s3Origins.map((url) => new URL(url).origin))];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(dev ? ["'unsafe-inline'"] : [])],
    // Mantine sets style attributes (and emotion-free CSS variables) inline.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Avatars are presigned S3 URLs; a picture being chosen is previewed from a blob: URL.
    'img-src': ["'self'", 'data:', 'blob:', ...s3],
    'font-src': ["'self'", 'data:'],
    // 'self' covers the GraphQL WebSocket (ws:/wss: on the same host) in CSP level 3 browsers.
    'connect-src': ["'self'", ...s3],
    // The app's service worker (`/sw.js`, docs/decisions/offline.md) and its web app manifest.
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(options),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(new URL(options.publicUrl).protocol === 'https:'
      ? { 'strict-transport-security': STRICT_TRANSPORT_SECURITY }
      : {}),
  };
}
