import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which kind of e-mail this is (for the dev mailbox and support). */
  template: string;
  /** Extra headers (name to text), e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Puts an e-mail in the outbox. Call it with the transaction of the change that causes the
 * e-mail: the mail exists if and only if the change committed. The worker sends it later.
 */
export async function enqueueEmail(tx: Queryable, mail: OutgoingEmail): Promise<number> {
  const row = await tx.one<{ id: number }>(sql`
    insert into public.email_outbox (to_address, subject, text_body, html_body, template, headers)
    values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.template},
            ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb)
    returning id`);
  return row.id;
}
