import { DOCUMENT_MESSAGES, STAFF_DOCUMENT_TARGET_NAMES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import type { Caller } from '../practices/practice-access.ts';
import { documentStorageKey, type TDocumentAttachment } from './document-keys.ts';
import {
  checkedUpload,
  requireStorage,
  requireUploadAccess,
  resolveFolder,
  UPLOAD_URL_SECONDS,
} from './uploads.ts';

/** What `createDocument` takes (the action's input). */
export const ZCreateDocumentInputSchema = z
  .object({
    practiceId: z.number().int().positive(),
    // checkUpload gives the spec-style message at 255; this only bounds the work before it.
    name: z.string().max(2000, DOCUMENT_MESSAGES.nameTooLong),
    contentType: z.string().max(255),
    size: z.number().int().nonnegative(),
    folderId: z.number().int().positive().nullish(),
    folderCode: z.string().min(1).max(40).nullish(),
    staffId: z.number().int().positive().nullish(),
    staffField: z.enum(STAFF_DOCUMENT_TARGET_NAMES).nullish(),
    indicatorResponseId: z.number().int().positive().nullish(),
  })
  .refine((input) => !input.staffId === !input.staffField, 'staffId and staffField go together')
  .refine((input) => !(input.staffId && input.indicatorResponseId), DOCUMENT_MESSAGES.oneAttachment);

/** What an upload with this input is attached to on completion, besides its folder. */
function attachmentOf(input: z.output<typeof ZCreateDocumentInputSchema>): TDocumentAttachment | null {
  if (input.staffId && input.staffField)
    return { kind: 'staff', staffId: input.staffId, target: input.staffField };
  if (input.indicatorResponseId) return { kind: 'indicator', indicatorResponseId: input.indicatorResponseId };
  return null;
}

/**
 * `createDocument`: the first step of an upload (DESIGN §6, spec 002 §4 `POST document/`). Checks
 * the file's type and size (spec 002 §5) and who may put it there, records a pending document
 * (uploaded_at null, with the announced size and type) and answers a presigned PUT URL for the
 * browser. A staff document (`staffId` + `staffField`) goes to the STAFF_DOCUMENTS folder and is
 * attached to the staff row by `completeDocument`; a document for an indicator
 * (`indicatorResponseId`, spec 001 §5 "Upload from an indicator: folder required") goes to the
 * chosen folder and is attached to the response by `completeDocument`.
 */
export async function createDocument(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: z.output<typeof ZCreateDocumentInputSchema>,
) {
  const attachment = attachmentOf(input);
  await requireUploadAccess(app.db, caller, input.practiceId, attachment);
  const folderId = await resolveFolder(app.db, input.practiceId, input, attachment?.kind === 'staff');

  const { name, fileType, maxFileSizeMb } = await checkedUpload(app, input);
  const storage = requireStorage(app);

  const contentType = fileType.contentType;
  const key = documentStorageKey(input.practiceId, name, attachment);
  const uploadUrl = await storage.uploadUrl(
    key,
    { contentType, contentLength: input.size },
    UPLOAD_URL_SECONDS,
  );
  const expiresAt = new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString();
  const row = await app.db.transaction(
    (tx) =>
      tx.one<{ id: number }>(sql`
        insert into public.documents (practice_id, folder_id, name, storage_key, file_size, file_type, created_by_id)
        values (${input.practiceId}, ${folderId}, ${name}, ${key}, ${input.size}, ${contentType}, ${caller.userId})
        returning id`),
    caller.actor,
  );
  return {
    documentId: row.id,
    uploadUrl,
    contentType,
    expiresAt,
    maxFileSizeMb,
  };
}
