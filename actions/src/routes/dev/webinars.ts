import { randomBytes } from 'node:crypto';
import { DEV_WEBINARS_PATH } from '@portal/domain';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { WebinarConfig } from '../../config/load-config.ts';
import { signTicket, ticketKey, verifyTicket } from '../../lib/signed-ticket.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { escapeHtml } from './html.ts';

const CODE_SECONDS = 60;
const ACCESS_SECONDS = 3600;
const REFRESH_SECONDS = 30 * 24 * 3600;

const style = `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
.card{border:1px solid #ccc;border-radius:8px;padding:1rem 1.5rem}.muted{color:#555}
button{font:inherit;padding:.5rem 1.25rem;margin-right:.5rem;border-radius:6px;border:1px solid #1864ab;cursor:pointer}
.allow{background:#1864ab;color:#fff}.deny{background:#fff;color:#1864ab}</style>`;

const html = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>${style}</head>
<body><main class="card">${body}</main></body></html>`;

/** The stand-in's webinars, a few days ahead of `now`, so there is always something upcoming. */
function demoWebinars(now: Date, registerBase: string) {
  const at = (days: number, hour: number) => {
    const d = new Date(now);
    d.setUTCDate(d.getUTCDate() + days);
    d.setUTCHours(hour, 0, 0, 0);
    return d.toISOString();
  };
  const list: Array<[subject: string, description: string, days: number, hour: number]> = [
    [
      'Preparing for your accreditation survey',
      'What surveyors look for, and how to get your documents ready.',
      7,
      23,
    ],
    ['Self assessment: common questions', 'Indicators practices most often ask about.', 14, 1],
    ['Infection control update', 'Changes to the standards this year.', 28, 22],
  ];
  return list.map(([subject, description, days, hour], i) => ({
    webinarKey: String(8_100_000_000 + i),
    subject,
    description,
    times: [
      { startTime: at(days as number, hour as number), endTime: at(days as number, (hour as number) + 1) },
    ],
    registrationUrl: `${registerBase}/register/${8_100_000_000 + i}`,
  }));
}

const oauthError = (reply: FastifyReply, status: number, error: string) =>
  reply.code(status).header('cache-control', 'no-store').send({ error });

/**
 * The webinar provider's stand-in (outside production, behind the dev pages key like the payment
 * stand-in): the endpoints of the OAuth 2.0 authorization code flow and the webinar list, so
 * `npm start` and the browser tests connect without a real provider. Codes, tokens and refresh
 * tokens are signed tickets (codes single use, revocations remembered while the service runs).
 *
 * GET/POST /authorize (a consent page, then back to redirect_uri with code and state),
 * POST /token (client_secret_basic; authorization_code, refresh_token), GET /webinars (bearer),
 * POST /revoke (RFC 7009), GET /register/:key (what a register link opens).
 */
const webinars: FastifyPluginAsync = async (app) => {
  const config = app.config.webinar;
  const devKey = app.config.devPagesKey;
  if (!config?.standIn || !devKey) return;
  const standIn: StandIn = {
    config,
    key: ticketKey(devKey, 'webinar-stand-in'),
    usedCodes: new Map<string, number>(),
    revokedFamilies: new Set<string>(),
    registerBase: `${app.config.appOrigin}${DEV_WEBINARS_PATH}`,
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  consentRoutes(app, standIn);
  tokenRoutes(app, standIn);
  webinarRoutes(app, standIn);
};
export default webinars;

/** What the stand-in's routes share: its client, its signing key, used codes and revoked token families. */
interface StandIn {
  config: WebinarConfig;
  key: Buffer;
  /** Codes already exchanged, until they expire. */
  usedCodes: Map<string, number>;
  /** Token families revoked while the service runs. */
  revokedFamilies: Set<string>;
  registerBase: string;
}

/** GET/POST /authorize: the consent page, then back to redirect_uri with a code (or access_denied) and the state. */
function consentRoutes(app: FastifyInstance, { config, key }: StandIn) {
  const ZAuthorize = z.object({
    response_type: z.literal('code'),
    client_id: z.literal(config.clientId),
    redirect_uri: z.literal(config.redirectUri),
    state: z.string().min(1).max(2048),
  });

  app.get('/webinars/authorize', async (request, reply) => {
    const query = ZAuthorize.safeParse(request.query);
    if (!query.success) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(
          html('Webinar provider: bad request', '<h1>Bad request</h1><p>Unknown client or redirect URI.</p>'),
        );
    }
    const hidden = Object.entries(query.data)
      .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
      .join('');
    return reply.type('text/html; charset=utf-8').send(
      html(
        'Webinar provider: connect',
        `<h1>Connect your webinar account</h1>
<p>The accreditation portal asks to see your upcoming webinars.</p>
<p class="muted">Development stand-in for the webinar provider: with <code>WEBINAR_*</code> set, users sign in to the real provider here.</p>
<form method="post" action="${DEV_WEBINARS_PATH}/authorize">${hidden}
<button class="allow" name="decision" value="allow">Allow</button><button class="deny" name="decision" value="deny">Deny</button></form>`,
      ),
    );
  });

  app.post('/webinars/authorize', async (request, reply) => {
    const body = ZAuthorize.extend({ decision: z.enum(['allow', 'deny']) }).safeParse(request.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid_request' });
    const target = new URL(body.data.redirect_uri);
    target.searchParams.set('state', body.data.state);
    if (body.data.decision === 'deny') target.searchParams.set('error', 'access_denied');
    else {
      target.searchParams.set(
        'code',
        signTicket(
          { p: 'code', ru: body.data.redirect_uri, n: randomBytes(9).toString('base64url') },
          key,
          CODE_SECONDS,
        ),
      );
    }
    return reply.code(303).header('location', target.toString()).send();
  });
}

/** POST /token (client_secret_basic; authorization_code, refresh_token) and POST /revoke (RFC 7009). */
function tokenRoutes(app: FastifyInstance, { config, key, usedCodes, revokedFamilies }: StandIn) {
  const clientOk = (authorization: string | undefined) => {
    const [scheme, encoded] = (authorization ?? '').split(' ');
    if (scheme !== 'Basic' || !encoded) return false;
    const [id, secret] = Buffer.from(encoded, 'base64').toString('utf8').split(':').map(decodeURIComponent);
    return id === config.clientId && !!secret && safeEqual(secret, config.clientSecret);
  };
  const tokensFor = (family: string) => ({
    access_token: signTicket({ p: 'access', f: family }, key, ACCESS_SECONDS),
    refresh_token: signTicket({ p: 'refresh', f: family }, key, REFRESH_SECONDS),
    token_type: 'Bearer',
    expires_in: ACCESS_SECONDS,
  });

  app.post('/webinars/token', async (request, reply) => {
    if (!clientOk(request.headers.authorization)) return oauthError(reply, 401, 'invalid_client');
    const form = (request.body ?? {}) as Record<string, string>;
    const now = Date.now();
    for (const [code, until] of usedCodes) if (until < now) usedCodes.delete(code);
    if (form.grant_type === 'authorization_code') {
      const code = verifyTicket(form.code ?? '', key);
      if (code?.p !== 'code' || code.ru !== form.redirect_uri || usedCodes.has(form.code!)) {
        return oauthError(reply, 400, 'invalid_grant');
      }
      usedCodes.set(form.code!, now + CODE_SECONDS * 1000);
      return reply.header('cache-control', 'no-store').send(tokensFor(randomBytes(9).toString('base64url')));
    }
    if (form.grant_type === 'refresh_token') {
      const refresh = verifyTicket(form.refresh_token ?? '', key);
      if (refresh?.p !== 'refresh' || revokedFamilies.has(String(refresh.f)))
        return oauthError(reply, 400, 'invalid_grant');
      return reply.header('cache-control', 'no-store').send(tokensFor(String(refresh.f)));
    }
    return oauthError(reply, 400, 'unsupported_grant_type');
  });

  app.post('/webinars/revoke', async (request, reply) => {
    if (!clientOk(request.headers.authorization)) return oauthError(reply, 401, 'invalid_client');
    const ticket = verifyTicket(((request.body ?? {}) as Record<string, string>).token ?? '', key);
    if (ticket && typeof ticket.f === 'string') revokedFamilies.add(ticket.f);
    return reply.code(200).send();
  });
}

/** GET /webinars (bearer) and GET /register/:key (what a register link opens). */
function webinarRoutes(app: FastifyInstance, { key, revokedFamilies, registerBase }: StandIn) {
  app.get('/webinars/webinars', async (request, reply) => {
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    const access = scheme === 'Bearer' && token ? verifyTicket(token, key) : null;
    if (access?.p !== 'access' || revokedFamilies.has(String(access.f)))
      return oauthError(reply, 401, 'invalid_token');
    return { _embedded: { webinars: demoWebinars(new Date(), registerBase) } };
  });

  app.get('/webinars/register/:key', async (request, reply) => {
    const { key: webinarKey } = z.object({ key: z.string().regex(/^\d+$/) }).parse(request.params);
    const webinar = demoWebinars(new Date(), registerBase).find((w) => w.webinarKey === webinarKey);
    return reply
      .type('text/html; charset=utf-8')
      .send(
        html(
          'Webinar registration',
          webinar
            ? `<h1>Register: ${escapeHtml(webinar.subject)}</h1><p>The provider's registration page opens here; this stand-in registers nobody.</p>`
            : '<h1>No such webinar</h1>',
        ),
      );
  });
}
