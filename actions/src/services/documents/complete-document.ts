import {
  DOCUMENT_MESSAGES,
  documentFileTypeOf,
  STAFF_DOCUMENT_TARGETS,
  uploadSizeProblem,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { uploadLimitMb } from '../choices/static-choices.ts';
import type { Caller } from '../practices/practice-access.ts';
import { contentMatchesType, SNIFF_BYTES } from './check-content.ts';
import { attachmentOfKey } from './document-keys.ts';
import {
  loadOwnPendingUpload,
  requireStorage,
  requireUploadAccess,
  retireUpload,
  staffColumn,
} from './uploads.ts';

/**
 * `completeDocument(documentId)`: the last step of an upload (spec 002 §4, the PATCH that
 * completes the record). The object must be in storage with the announced size and type and
 * within the limit, and its first bytes of that type (`contentMatchesType`); then the document is marked uploaded and, for a staff document, attached to
 * its staff field, or for an indicator, to its response (`indicator_response_id`), in one
 * transaction. Authorisation is checked again. Any failure removes the object and retires the
 * pending row, and answers why. Only the user who created the upload may complete it, once.
 */
export async function completeDocument(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: { documentId: number },
) {
  const upload = await loadOwnPendingUpload(app.db, caller, input.documentId);
  const storage = requireStorage(app);
  const attachment = attachmentOfKey(upload.storage_key);
  const staff = attachment?.kind === 'staff' ? attachment : null;
  const indicatorResponseId = attachment?.kind === 'indicator' ? attachment.indicatorResponseId : null;

  const fail = async (error: unknown): Promise<never> => {
    await retireUpload(app, caller, upload);
    throw error;
  };

  try {
    await requireUploadAccess(app.db, caller, upload.practice_id, attachment);
  } catch (error) {
    return fail(error);
  }
  const stored = await storage.head(upload.storage_key);
  if (!stored) return fail(new AppError('invalid_input', { message: DOCUMENT_MESSAGES.fileMissing }));
  const sizeProblem = uploadSizeProblem(stored.size, await uploadLimitMb(app.db, app.config.maxFileSizeMb));
  // An empty object is not the size announced (never empty): the mismatch below answers it.
  if (sizeProblem?.reason === 'too_large')
    return fail(new AppError('file_too_large', { message: sizeProblem.message }));
  if (stored.size !== Number(upload.file_size) || stored.contentType.toLowerCase() !== upload.file_type)
    return fail(new AppError('invalid_input', { message: DOCUMENT_MESSAGES.fileMismatch }));
  // The name and the browser say what the file is; its first bytes must agree (a content lie,
  // e.g. an executable renamed .pdf, is refused and removed).
  const start = await storage.readStart(upload.storage_key, SNIFF_BYTES);
  if (!start) return fail(new AppError('invalid_input', { message: DOCUMENT_MESSAGES.fileMissing }));
  if (!(await contentMatchesType(start, upload.file_type)))
    return fail(
      new AppError('unsupported_file_type', {
        message: DOCUMENT_MESSAGES.contentMismatch(documentFileTypeOf(upload.file_type)?.type ?? 'accepted'),
      }),
    );

  const done = await app.db
    .transaction(async (tx) => {
      const marked = await tx.maybeOne<{ uploaded_at: Date }>(sql`
        update public.documents set uploaded_at = now()
         where id = ${upload.id} and uploaded_at is null and not archived
        returning uploaded_at`);
      if (!marked) throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.alreadyComplete });
      if (staff) {
        const column = sql.ident(staffColumn(staff.target));
        const attached = await tx.maybeOne(sql`
          update public.practice_staff set ${column} = ${upload.id}
           where id = ${staff.staffId} and practice_id = ${upload.practice_id} and not archived
          returning id`);
        if (!attached) throw new AppError('not_found', { message: 'There is no such staff member.' });
      }
      if (indicatorResponseId !== null) {
        // The response may have been archived or moved since the check: attach only a live one
        // of the document's practice.
        const attached = await tx.maybeOne(sql`
          update public.documents d set indicator_response_id = r.id
            from public.indicator_responses r
            join public.assessments a on a.id = r.assessment_id
            join public.accreditations acc on acc.id = a.accreditation_id
           where d.id = ${upload.id} and r.id = ${indicatorResponseId} and not r.archived
             and acc.practice_id = ${upload.practice_id}
          returning d.id`);
        if (!attached) throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchIndicator });
      }
      return marked;
    }, caller.actor)
    .catch((error: unknown) => {
      // Completed meanwhile by a second call: its object is the document's now, keep it.
      if (error instanceof AppError && error.message === DOCUMENT_MESSAGES.alreadyComplete) throw error;
      return fail(error);
    });

  return {
    documentId: upload.id,
    name: upload.name,
    folderId: upload.folder_id,
    fileSize: stored.size,
    fileType: upload.file_type,
    uploadedAt: done.uploaded_at.toISOString(),
    staffId: staff?.staffId ?? null,
    staffField: staff ? staff.target : null,
    staffFieldLabel: staff ? STAFF_DOCUMENT_TARGETS[staff.target].label : null,
    indicatorResponseId,
    message: DOCUMENT_MESSAGES.uploadSucceeded,
  };
}
