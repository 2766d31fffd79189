import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';

/** A pending upload older than this was abandoned (the upload URL lives 15 minutes). */
export const ABANDONED_UPLOAD_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

/**
 * Retires uploads that were created but never completed nor abandoned by the browser (a closed
 * tab, a lost connection): their objects are removed from storage and the pending rows archived,
 * as `abandonDocument` would have done. Idempotent, so every replica may run it. Pending means
 * created before `now` (default: the clock's) less `olderThanMs` (default: a day).
 */
export async function retireAbandonedUploads(
  db: Queryable,
  storage: StorageProvider,
  onObjectError: (key: string, error: unknown) => void = () => {},
  options: { now?: Date; olderThanMs?: number } = {},
): Promise<number> {
  const before = new Date(
    (options.now ?? new Date()).getTime() - (options.olderThanMs ?? ABANDONED_UPLOAD_AGE_MS),
  );
  let total = 0;
  // In batches, until a batch comes back short: a backlog is cleared in one run.
  for (;;) {
    const pending = await db.many<{ id: number; storage_key: string }>(sql`
      select id, storage_key from public.documents
       where uploaded_at is null and not archived and created_at < ${before}
       order by id
       limit ${BATCH}`);
    if (pending.length === 0) return total;
    for (const { storage_key: key } of pending) {
      // A missing object is not an error; any other failure leaves an orphan object, which is
      // harmless and reported, while the row is retired all the same.
      await storage.delete(key).catch((error: unknown) => onObjectError(key, error));
    }
    const retired = await db.many<{ id: number }>(sql`
      update public.documents set archived = true
       where id = any(${pending.map((p) => p.id)}::integer[]) and uploaded_at is null and not archived
       returning id`);
    total += retired.length;
    if (pending.length < BATCH) return total;
  }
}
