import { AUTH_HANDOFF_PATH, PRACTICE_LIST_PATH } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { escapeHtml } from './html.ts';

interface OwedRow {
  name: string;
  status: string;
  reapplication_status: string | null;
}

function page(practiceId: number, owed: OwedRow, appOrigin: string): string {
  const what =
    owed.reapplication_status === 'PAYMENT_PENDING'
      ? 'the renewal (reapplication) fee'
      : 'the application fee';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Payment: ${escapeHtml(owed.name)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
.card{border:1px solid #ccc;border-radius:8px;padding:1rem 1.5rem}.muted{color:#555}</style></head>
<body><div class="card">
<h1>Payment for ${escapeHtml(owed.name)}</h1>
<p>${escapeHtml(owed.name)} (practice ${practiceId}) owes ${what}.</p>
<p class="muted">This development stack has no payment gateway: in production <code>PAYMENT_URL_TEMPLATE</code>
sends the practice manager to the provider's payment page instead of this one.</p>
<p><a href="${escapeHtml(appOrigin)}${AUTH_HANDOFF_PATH}?url=${PRACTICE_LIST_PATH}">Back to the practice list</a></p>
</div></body></html>`;
}

/** GET /api/dev/payment/:practiceId: what the payment redirect opens outside production. */
const payment: FastifyPluginAsync = async (app) => {
  app.get('/payment/:practiceId', async (request, reply) => {
    const { practiceId } = z.object({ practiceId: z.coerce.number().int().positive() }).parse(request.params);
    const owed = await app.db.maybeOne<OwedRow>(sql`
      select o.name, p.status,
             (select r.status from public.reapplications r
               where r.practice_id = p.organisation_id and r.status = 'PAYMENT_PENDING' limit 1) as reapplication_status
        from public.practices p join public.organisations o on o.id = p.organisation_id
       where p.organisation_id = ${practiceId}`);
    if (!owed) throw new AppError('not_found', { message: `There is no practice ${practiceId}.` });
    return reply.type('text/html; charset=utf-8').send(page(practiceId, owed, app.config.appOrigin));
  });
};
export default payment;
