import { DOCUMENT_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import type { Caller } from '../practices/practice-access.ts';
import { batchIds, lockChangeableDocuments } from './document-access.ts';

/**
 * `archiveDocuments(documentIds)` (spec 002 §7 `POST document/batch-delete` action 'archive',
 * `PUT document/{id}/` archived true): archives live documents of one practice in one
 * transaction, all or none. Never a physical delete: the object stays in storage, and the
 * archive trigger stamps archived_at and archived_by_id. Who: `lockChangeableDocuments`.
 */
export async function archiveDocuments(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { documentIds: readonly number[] },
) {
  const ids = batchIds(input.documentIds);
  const archived = await app.db.transaction(async (tx) => {
    await lockChangeableDocuments(tx, caller, ids, DOCUMENT_MESSAGES.archiveRefused);
    return tx.many<{ id: number }>(sql`
      update public.documents set archived = true
       where id = any(${ids}::integer[]) and not archived
      returning id`);
  }, caller.actor);
  const documentIds = archived.map((row) => row.id).sort((a, b) => a - b);
  return { documentIds, message: DOCUMENT_MESSAGES.archiveSucceeded(documentIds.length) };
}
