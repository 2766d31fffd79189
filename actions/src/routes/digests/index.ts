import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { sql } from '../../db/sql.ts';
import { unsubscribeUserOf } from '../../services/digests/unsubscribe-link.ts';

const page = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    );

const REFUSED =
  '<p>This unsubscribe link is not valid. Change your e-mail digest in Account Settings instead.</p>';

/**
 * /api/digests/unsubscribe?token=…: the one-click unsubscribe of the e-mail digests (RFC 8058;
 * decisions/notifications.md#digests). No sign-in: the token is HMAC-signed for its user. GET
 * shows a page with the button (a link preview or a mail scanner that follows the link changes
 * nothing); POST, from that button or from the mail client's List-Unsubscribe-Post, sets the
 * setting to OFF. A forged, altered or expired token is refused and changes nothing.
 */
const digests: FastifyPluginAsync = async (app) => {
  app.addHook(
    'onRequest',
    app.rateLimit({
      groupId: 'digest-unsubscribe',
      max: app.config.verifyRateLimitPerMinute,
      timeWindow: 60_000,
    }),
  );
  // RFC 8058's one-click POST is a form body (List-Unsubscribe=One-Click); its content does not matter.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );
  const tokenOf = (query: unknown) => (query as { token?: unknown } | null)?.token;

  app.get('/unsubscribe', async (request, reply) => {
    const token = tokenOf(request.query);
    if (unsubscribeUserOf(token, app.config.actionsSecret) === null)
      return page(reply, 400, 'Unsubscribe', REFUSED);
    const action = `?token=${encodeURIComponent(String(token))}`;
    return page(
      reply,
      200,
      'Unsubscribe from e-mail digests',
      `<p>You will no longer get e-mail digests. You can turn them on again in Account Settings.</p><form method="post" action="${action}"><button type="submit">Unsubscribe</button></form>`,
    );
  });

  app.post('/unsubscribe', async (request, reply) => {
    const userId = unsubscribeUserOf(tokenOf(request.query), app.config.actionsSecret);
    if (userId === null) return page(reply, 400, 'Unsubscribe', REFUSED);
    // Recorded in the audit log as the user's own change.
    await app.db.transaction(
      (tx) =>
        tx.many(
          sql`update public.users set email_digest = 'OFF' where id = ${userId} and email_digest <> 'OFF'`,
        ),
      { userId, role: 'user' },
    );
    return page(reply, 200, 'Unsubscribed', '<p>You will no longer get e-mail digests.</p>');
  });
};
export default digests;
