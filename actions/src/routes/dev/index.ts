import type { FastifyPluginAsync } from 'fastify';
import { sql } from '../../db/sql.ts';
import { addDevKeyGate } from './dev-key.ts';
import { escapeHtml } from './html.ts';
import payment from './payment.ts';
import webinars from './webinars.ts';

interface MailRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  status: string;
  created_at: Date;
}

/** Escapes the body and turns http(s) URLs into links. */
function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
}

function page(mails: MailRow[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to_address)} · ${m.created_at.toISOString()} · ${escapeHtml(m.status)}</p>
  <pre>${linkify(m.text_body)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:6px;padding:0 1rem;margin:1rem 0}.meta{color:#555}
pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Dev mailbox</h1><p>E-mail the portal would have sent, newest first. Only served outside production when no SMTP server is configured.</p>
${items || '<p>No e-mail yet.</p>'}
</body></html>`;
}

/**
 * /api/dev: development-only pages, never served in production and only with DEV_PAGES_KEY.
 * GET /api/dev/mailbox (the outbox as a page, when there is no SMTP) and
 * GET /api/dev/payment/:practiceId (the payment stand-in) and /api/dev/webinars/* (the webinar
 * provider's stand-in). Every page needs the key (dev-key.ts).
 */
const dev: FastifyPluginAsync = async (app) => {
  addDevKeyGate(app);
  await app.register(payment);
  await app.register(webinars);
  if (!app.config.devMailbox) return;
  app.get('/mailbox', async (_request, reply) => {
    const mails = await app.db.many<MailRow>(sql`
      select id, to_address::text as to_address, subject, text_body, status, created_at
        from public.email_outbox order by created_at desc, id desc limit 100`);
    return reply.type('text/html; charset=utf-8').send(page(mails));
  });
};
export default dev;
