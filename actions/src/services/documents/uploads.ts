import {
  checkUpload,
  DOCUMENT_MESSAGES,
  STAFF_DOCUMENT_TARGETS,
  STAFF_DOCUMENTS_FOLDER_CODE,
  type TStaffDocumentTarget,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';
import { uploadLimitMb } from '../choices/static-choices.ts';
import { type Caller, requirePracticeFlag } from '../practices/practice-access.ts';
import type { TDocumentAttachment } from './document-keys.ts';
import { requireIndicatorUploadAccess } from './indicator-upload-access.ts';

/** How long a browser may start its PUT to the upload URL. */
export const UPLOAD_URL_SECONDS = 15 * 60;
/** How long a download URL works: it is fetched when the link is clicked. */
export const DOWNLOAD_URL_SECONDS = 2 * 60;

const NO_SUCH_STAFF_MEMBER = 'There is no such staff member.';

/** The action error code of each reason the domain's upload rule refuses a file for. */
const UPLOAD_REFUSAL_CODES = {
  too_large: 'file_too_large',
  unsupported_type: 'unsupported_file_type',
  empty: 'invalid_input',
  name_too_long: 'invalid_input',
  name_characters: 'invalid_input',
} as const;

/**
 * A file about to be uploaded (a document or a resource's file), checked by the domain's upload
 * rule against the upload limit (the provider's setting, else the service's): its trimmed name and its file type, or the rule's
 * message as an action error on the `file` field.
 */
export async function checkedUpload(
  app: Pick<FastifyInstance, 'config' | 'db'>,
  input: { name: string; contentType: string; size: number },
) {
  const name = input.name.trim();
  const maxFileSizeMb = await uploadLimitMb(app.db, app.config.maxFileSizeMb);
  const check = checkUpload({ name, type: input.contentType, size: input.size }, maxFileSizeMb);
  if (!check.ok)
    throw new AppError(UPLOAD_REFUSAL_CODES[check.reason], {
      message: check.message,
      fields: { file: check.message },
    });
  return { name, fileType: check.fileType, maxFileSizeMb };
}

/** The storage, or the service's 'not available' error when none is configured. */
export function requireStorage(app: Pick<FastifyInstance, 'storage'>): StorageProvider {
  if (!app.storage) throw new AppError('storage_unavailable');
  return app.storage;
}

/**
 * Whether the caller may put a document there: staff documents need practiceStaff.changeStaff
 * and a live staff row of that practice (another practice's row answers like a missing one);
 * documents for an indicator response need to be allowed to change that assessment's inputs
 * (`requireIndicatorUploadAccess`); other documents need practice.changePractice.
 */
export async function requireUploadAccess(
  db: Queryable,
  caller: Caller,
  practiceId: number,
  attachment: TDocumentAttachment | null,
): Promise<void> {
  if (!attachment) {
    await requirePracticeFlag(db, caller, practiceId, (f) => f.practice.changePractice);
    return;
  }
  if (attachment.kind === 'indicator') {
    await requireIndicatorUploadAccess(db, caller, practiceId, attachment.indicatorResponseId);
    return;
  }
  await requirePracticeFlag(db, caller, practiceId, (f) => f.practiceStaff.changeStaff);
  const row = await db.maybeOne(sql`
    select 1 from public.practice_staff where id = ${attachment.staffId} and practice_id = ${practiceId} and not archived`);
  if (!row) throw new AppError('not_found', { message: NO_SUCH_STAFF_MEMBER });
}

/**
 * The folder of an upload: by id or code, live, the provider's or the practice's own. A staff
 * document always goes to the STAFF_DOCUMENTS folder.
 */
export async function resolveFolder(
  db: Queryable,
  practiceId: number,
  folder: { folderId?: number | null; folderCode?: string | null },
  forStaff: boolean,
): Promise<number> {
  const code = folder.folderCode ?? (forStaff && !folder.folderId ? STAFF_DOCUMENTS_FOLDER_CODE : null);
  if (!folder.folderId && !code)
    throw new AppError('invalid_input', {
      message: DOCUMENT_MESSAGES.folderRequired,
      fields: { folder: 'Required.' },
    });
  const row = await db.maybeOne<{ id: number; code: string | null }>(sql`
    select id, code from public.folders
     where not archived and (practice_id is null or practice_id = ${practiceId})
       and (${folder.folderId ?? null}::integer is null or id = ${folder.folderId ?? null})
       and (${code}::text is null or code = ${code})
     order by practice_id nulls first, id
     limit 1`);
  if (!row)
    throw new AppError('not_found', {
      message: 'There is no such folder.',
      fields: { folder: 'Unknown folder' },
    });
  if (forStaff && row.code !== STAFF_DOCUMENTS_FOLDER_CODE)
    throw new AppError('invalid_input', {
      message: 'Staff documents are kept in the Staff documents folder.',
      fields: { folder: 'Staff documents folder only' },
    });
  return row.id;
}

/** A pending upload (uploaded_at null), as createDocument left it. */
export interface PendingUpload {
  id: number;
  practice_id: number;
  folder_id: number;
  name: string;
  storage_key: string;
  file_size: string;
  file_type: string;
}

/**
 * The caller's own pending upload. Someone else's, an archived one and a missing one answer the
 * same; one already completed is refused.
 */
export async function loadOwnPendingUpload(
  db: Queryable,
  caller: Caller,
  documentId: number,
): Promise<PendingUpload> {
  const row = await db.maybeOne<PendingUpload & { uploaded: boolean; created_by_id: number | null }>(sql`
    select id, practice_id, folder_id, name, storage_key, file_size, file_type, created_by_id,
           uploaded_at is not null as uploaded
      from public.documents where id = ${documentId} and not archived`);
  if (!row || row.created_by_id !== caller.userId)
    throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchUpload });
  if (row.uploaded) throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.alreadyComplete });
  return row;
}

/**
 * Clean-up of a failed or abandoned upload (spec 002 §4 "the partial document record is
 * deleted"): the object is removed from storage and the pending row archived, never deleted.
 * A pending row is invisible anyway (GraphQL shows only uploaded documents to practice users).
 */
export async function retireUpload(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  upload: PendingUpload,
): Promise<void> {
  try {
    await app.storage?.delete(upload.storage_key);
  } catch (error) {
    // The row is retired all the same; an orphan object is harmless and logged for the record.
    app.log.warn({ err: error, key: upload.storage_key }, 'could not remove the object of a failed upload');
  }
  await app.db.transaction(
    (tx) =>
      tx.many(sql`
        update public.documents set archived = true
         where id = ${upload.id} and uploaded_at is null and not archived`),
    caller.actor,
  );
}

/** The column of a staff document field (from the fixed table, never from input). */
export function staffColumn(target: TStaffDocumentTarget): string {
  return STAFF_DOCUMENT_TARGETS[target].column;
}
