import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../../lib/tokens.ts';
import { secureCookies } from '../auth/cookies.ts';

/** The cookie that opens the dev pages once the mailbox link (with ?key=) was opened. */
export const DEV_COOKIE = 'portal_dev';
export const DEV_KEY_HEADER = 'x-dev-key';
const DEV_PATH = '/api/dev';

/** The cookie's value: derived from the key, so the key itself never sits in a cookie jar. */
export function devCookieValue(key: string): string {
  return createHmac('sha256', key).update('portal-dev-pages').digest('base64url');
}

const refusedPage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev pages: key needed</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}</style></head>
<body><h1>Key needed</h1>
<p>These development pages need the key of this stack. Open the mailbox link printed in the terminal
where <code>npm start</code> runs (it carries the key once and leaves a cookie in this browser).</p>
</body></html>`;

function refuse(reply: FastifyReply) {
  return reply.code(401).type('text/html; charset=utf-8').send(refusedPage);
}

function presentedKey(request: FastifyRequest): 'cookie' | 'header' | null {
  const key = request.server.config.devPagesKey;
  if (!key) return null;
  const header = request.headers[DEV_KEY_HEADER];
  if (typeof header === 'string' && safeEqual(header, key)) return 'header';
  const cookie = request.cookies[DEV_COOKIE];
  if (cookie && safeEqual(cookie, devCookieValue(key))) return 'cookie';
  return null;
}

/**
 * The gate of /api/dev: `GET /mailbox?key=<K>` sets the httpOnly cookie and redirects to the
 * bare address (so the key leaves the address bar and the history); the cookie or the
 * X-Dev-Key header open every dev page; anything else is a 401 page that reads nothing.
 * Every answer of the folder carries Referrer-Policy: no-referrer (the pages hold links with
 * tokens).
 */
export function addDevKeyGate(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cache-control', 'no-store');
    const key = app.config.devPagesKey;
    const query = request.query as Record<string, unknown>;
    if (typeof query.key === 'string') {
      if (!key || !safeEqual(query.key, key) || request.routeOptions.url !== `${DEV_PATH}/mailbox`) {
        return refuse(reply);
      }
      reply.setCookie(DEV_COOKIE, devCookieValue(key), {
        httpOnly: true,
        sameSite: 'lax',
        secure: secureCookies(request),
        path: DEV_PATH,
      });
      return reply.code(303).header('location', `${DEV_PATH}/mailbox`).send();
    }
    if (!presentedKey(request)) return refuse(reply);
  });
}
