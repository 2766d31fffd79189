import type { Transporter } from 'nodemailer';
import { sql } from '../../db/sql.ts';
import type { Db } from '../../plugins/app/db.ts';

/** Attempts before an e-mail is marked FAILED. */
export const MAX_EMAIL_ATTEMPTS = 5;
/** First retry after this many seconds, then doubling: 30 s, 90 s, 210 s, 450 s after creation. */
const BACKOFF_SECONDS = 30;

interface PendingEmail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/**
 * Sends due PENDING e-mails one at a time until none is left (or `limit` were tried). Each is
 * claimed with `for update skip locked` inside its own transaction, so several replicas can
 * run this at once without sending anything twice. The retry time derives from the attempts
 * already made, so no replica needs to remember anything.
 */
export async function deliverPendingEmails(
  db: Db,
  transport: Transporter,
  from: string,
  limit = 50,
): Promise<{ sent: number; failed: number }> {
  const result = { sent: 0, failed: 0 };
  // Each e-mail is tried at most once per call, however overdue it is.
  const tried: number[] = [];
  for (let i = 0; i < limit; i++) {
    const outcome = await db.transaction(async (tx) => {
      const mail = await tx.maybeOne<PendingEmail>(sql`
        select id, to_address, subject, text_body, html_body, headers, attempts from public.email_outbox
         where status = 'PENDING' and not (id = any(${tried}::integer[]))
           and created_at + make_interval(secs => ${BACKOFF_SECONDS} * (power(2, attempts) - 1)) <= now()
         order by created_at, id
         limit 1
         for update skip locked`);
      if (!mail) return 'none' as const;
      tried.push(mail.id);
      try {
        await transport.sendMail({
          from,
          to: mail.to_address,
          subject: mail.subject,
          text: mail.text_body,
          ...(mail.html_body ? { html: mail.html_body } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        await tx.many(sql`update public.email_outbox set status = 'SENT', sent_at = now(), attempts = attempts + 1,
          last_error = null where id = ${mail.id}`);
        return 'sent' as const;
      } catch (error) {
        const status = mail.attempts + 1 >= MAX_EMAIL_ATTEMPTS ? 'FAILED' : 'PENDING';
        await tx.many(sql`update public.email_outbox set attempts = attempts + 1, status = ${status},
          last_error = ${String((error as Error).message ?? error).slice(0, 1000)} where id = ${mail.id}`);
        return 'failed' as const;
      }
    });
    if (outcome === 'none') break;
    result[outcome]++;
  }
  return result;
}
