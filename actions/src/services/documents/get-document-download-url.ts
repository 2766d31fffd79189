import { DOCUMENT_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { documentReadableSql } from './document-access.ts';
import { clearObjectMissing, markObjectMissing } from './mark-object-missing.ts';
import { DOWNLOAD_URL_SECONDS, requireStorage } from './uploads.ts';

/**
 * `documentDownloadUrl(documentId)`: a short-lived presigned GET of an uploaded document, served
 * as an attachment with its own name (spec 002 §7 `GET {resource}/{id}/`). Whoever may read the
 * document through GraphQL may download it (`documentReadableSql`, the select permission's rule:
 * QAM and provider admins any; a practice user a live document of an ACTIVE practice they hold a
 * role on, and a finding's document only where they may read the finding). Anything else answers
 * like a missing document. When the object is missing from storage the answer is
 * DOCUMENT_MESSAGES.unavailable, and the document is stamped `object_missing_at` (logged once).
 */
export async function documentDownloadUrl(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: { documentId: number },
) {
  const notFound = () => new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchDocument });
  const document = await app.db.maybeOne<{
    id: number;
    practice_id: number;
    name: string;
    storage_key: string;
    archived: boolean;
    object_missing_at: Date | null;
  }>(sql`
    select d.id, d.practice_id, d.name, d.storage_key, d.archived, d.object_missing_at from public.documents d
     where d.id = ${input.documentId} and d.uploaded_at is not null and ${documentReadableSql(caller)}`);
  if (!document) throw notFound();
  const storage = requireStorage(app);
  // A missing object is an unavailable document, said plainly, not a link to an S3 error page.
  if (!(await storage.head(document.storage_key))) {
    await markObjectMissing(app.db, app.log, document);
    throw new AppError('not_found', { message: DOCUMENT_MESSAGES.unavailable });
  }
  if (document.object_missing_at) await clearObjectMissing(app.db, document.id);
  const url = await storage.downloadUrl(document.storage_key, DOWNLOAD_URL_SECONDS, {
    fileName: document.name,
  });
  return {
    documentId: input.documentId,
    name: document.name,
    url,
    expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
