import {
  AUTH_HANDOFF_PATH,
  DEV_PAGES_PREFIX,
  PAYMENT_MESSAGES,
  PRACTICE_LIST_PATH,
  practiceStaffPath,
} from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { completeStandInPayment } from '../../services/practices/record-payment.ts';
import { escapeHtml } from './html.ts';

interface OwedRow {
  name: string;
  status: string;
  reapplication_status: string | null;
}

const ZPracticeParams = z.object({ practiceId: z.coerce.number().int().positive() });

/** The app's page at `path`, through the back end's hand-off of this browser's session. */
const handoff = (appOrigin: string, path: string) =>
  `${appOrigin}${AUTH_HANDOFF_PATH}?url=${encodeURIComponent(path)}`;

function page(practiceId: number, owed: OwedRow, appOrigin: string): string {
  const what =
    owed.reapplication_status === 'PAYMENT_PENDING'
      ? 'the renewal (reapplication) fee'
      : owed.status === 'PAYMENT_PENDING'
        ? 'the application fee'
        : null;
  const pay = what
    ? `<p>${escapeHtml(owed.name)} (practice ${practiceId}) owes ${what}.</p>
<form method="post" action="${DEV_PAGES_PREFIX}/payment/${practiceId}"><button type="submit">Complete the payment (test)</button></form>`
    : `<p>${escapeHtml(PAYMENT_MESSAGES.nothingOwed)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Payment: ${escapeHtml(owed.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
.card{border:1px solid #ccc;border-radius:8px;padding:1rem 1.5rem}.muted{color:#555}
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer}</style></head>
<body><main class="card">
<h1>Payment for ${escapeHtml(owed.name)}</h1>
${pay}
<p class="muted">This development stack has no payment gateway: in production <code>PAYMENT_URL_TEMPLATE</code>
sends the practice manager to the provider's payment page instead of this one. Completing the payment here does what
the gateway's confirmation does.</p>
<p><a href="${escapeHtml(handoff(appOrigin, PRACTICE_LIST_PATH))}">Back to the practice list</a></p>
</main></body></html>`;
}

/**
 * The payment stand-in outside production (behind the dev pages key):
 * GET /api/dev/payment/:practiceId: what the payment redirect opens: what the practice owes and a
 * button that completes the payment, as the gateway would.
 * POST /api/dev/payment/:practiceId: completes it (`completeStandInPayment`: one transaction,
 * audited as the payment gateway), then back to the practice in the app.
 */
const payment: FastifyPluginAsync = async (app) => {
  // The page's form posts url-encoded (nothing is read from its body).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, _body, done) =>
    done(null, {}),
  );

  app.get('/payment/:practiceId', async (request, reply) => {
    const { practiceId } = ZPracticeParams.parse(request.params);
    const owed = await app.db.maybeOne<OwedRow>(sql`
      select o.name, p.status,
             (select r.status from public.reapplications r
               where r.practice_id = p.organisation_id and r.status = 'PAYMENT_PENDING' limit 1) as reapplication_status
        from public.practices p join public.organisations o on o.id = p.organisation_id
       where p.organisation_id = ${practiceId}`);
    if (!owed) throw new AppError('not_found', { message: `There is no practice ${practiceId}.` });
    return reply.type('text/html; charset=utf-8').send(page(practiceId, owed, app.config.appOrigin));
  });

  app.post('/payment/:practiceId', async (request, reply) => {
    const { practiceId } = ZPracticeParams.parse(request.params);
    await completeStandInPayment(app.db, practiceId);
    return reply
      .code(303)
      .header('location', handoff(app.config.appOrigin, practiceStaffPath(practiceId)))
      .send();
  });
};
export default payment;
