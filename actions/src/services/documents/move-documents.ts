import { DOCUMENT_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { batchIds, lockChangeableDocuments } from './document-access.ts';

/**
 * `moveDocuments(documentIds, fromFolderId, toFolderId)` (spec 002 §7 `POST document/batch-move`
 * with oldFolder and folder): moves live documents of one practice, all still in the folder the
 * user had open, to another folder, in one transaction, all or none. The target must be live,
 * visible, the provider's or this practice's own, and not the open folder (spec 002 §2). Who:
 * `lockChangeableDocuments`.
 */
export async function moveDocuments(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { documentIds: readonly number[]; fromFolderId: number; toFolderId: number },
) {
  const ids = batchIds(input.documentIds);
  if (input.fromFolderId === input.toFolderId)
    throw new AppError('invalid_input', {
      message: DOCUMENT_MESSAGES.sameFolder,
      fields: { folder: DOCUMENT_MESSAGES.sameFolder },
    });
  const moved = await app.db.transaction(async (tx) => {
    const { practiceId, documents } = await lockChangeableDocuments(
      tx,
      caller,
      ids,
      DOCUMENT_MESSAGES.moveRefused,
    );
    if (documents.some((d) => d.folder_id !== input.fromFolderId))
      throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.notInFolder });
    const target = await tx.maybeOne(sql`
      select id from public.folders
       where id = ${input.toFolderId} and not archived and visible
         and (practice_id is null or practice_id = ${practiceId})
         for share`);
    if (!target)
      throw new AppError('not_found', {
        message: DOCUMENT_MESSAGES.noSuchFolder,
        fields: { folder: DOCUMENT_MESSAGES.noSuchFolder },
      });
    return tx.many<{ id: number }>(sql`
      update public.documents set folder_id = ${input.toFolderId}
       where id = any(${ids}::integer[])
      returning id`);
  }, caller.actor);
  return {
    documentIds: moved.map((row) => row.id).sort((a, b) => a - b),
    folderId: input.toFolderId,
    message: DOCUMENT_MESSAGES.moved,
  };
}
