import type { TClientLog } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * Keeps one entry of the web app's log (spec 000 §7 POST /utils/log/) with who sent it, when and
 * from which browser; a provider admin reads it in the admin console (`client_logs`).
 */
export async function recordClientLog(
  db: Queryable,
  entry: TClientLog & { userId: number; userAgent?: string },
): Promise<{ id: number }> {
  const row = await db.one<{ id: string }>(sql`
    insert into public.client_logs (user_id, severity, data, user_agent)
    values (${entry.userId}, ${entry.severity}, ${JSON.stringify(entry.data)}::jsonb,
            ${entry.userAgent?.slice(0, 500) ?? null})
    returning id`);
  return { id: Number(row.id) };
}
