import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';

/** A pending upload older than this was abandoned (the upload URL lives 15 minutes). */
export const ABANDONED_UPLOAD_AGE = '1 day';
const BATCH = 500;

/**
 * Retires uploads that were created but never completed nor abandoned by the browser (a closed
 * tab, a lost connection): their objects are removed from storage and the pending rows archived,
 * as `abandonDocument` would have done. Idempotent, so every replica may run it.
 */
export async function retireAbandonedUploads(
  db: Queryable,
  storage: StorageProvider,
  onObjectError: (key: string, error: unknown) => void = () => {},
): Promise<number> {
  const pending = await db.many<{ id: number; storage_key: string }>(sql`
    select id, storage_key from public.documents
     where uploaded_at is null and not archived
       and created_at < now() - ${ABANDONED_UPLOAD_AGE}::interval
     order by id
     limit ${BATCH}`);
  if (pending.length === 0) return 0;
  for (const { storage_key: key } of pending) {
    // A missing object is not an error; any other failure leaves an orphan object, which is
    // harmless and reported, while the row is retired all the same.
    await storage.delete(key).catch((error: unknown) => onObjectError(key, error));
  }
  const retired = await db.many<{ id: number }>(sql`
    update public.documents set archived = true
     where id = any(${pending.map((p) => p.id)}::integer[]) and uploaded_at is null and not archived
     returning id`);
  return retired.length;
}
