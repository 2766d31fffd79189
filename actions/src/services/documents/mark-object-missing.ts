import type { FastifyBaseLogger } from 'fastify';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * A download found the document's object missing from storage: stamps `object_missing_at` (so
 * the web shows the document as unavailable) and logs the loss, once, when it is first stamped.
 */
export async function markObjectMissing(
  db: Queryable,
  log: FastifyBaseLogger,
  document: { id: number; storage_key: string },
): Promise<void> {
  const stamped = await db.maybeOne(sql`
    update public.documents set object_missing_at = now()
     where id = ${document.id} and object_missing_at is null
    returning id`);
  if (stamped)
    log.error(
      { documentId: document.id, key: document.storage_key },
      'the object of a document is missing from storage',
    );
}

/** The object is there again (restored from a backup): the document is available again. */
export async function clearObjectMissing(db: Queryable, documentId: number): Promise<void> {
  await db.many(sql`
    update public.documents set object_missing_at = null
     where id = ${documentId} and object_missing_at is not null
    returning id`);
}
