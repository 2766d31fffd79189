import { DOCUMENT_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { type Caller, loadPracticeAccess } from '../practices/practice-access.ts';
import { DOWNLOAD_URL_SECONDS, requireStorage } from './uploads.ts';

/**
 * `documentDownloadUrl(documentId)`: a short-lived presigned GET of an uploaded document, served
 * as an attachment with its own name (spec 002 §7 `GET {resource}/{id}/`). Whoever may read the
 * document through GraphQL may download it: QAM and provider admins any, a practice user (PM or
 * surveyor) a live document of an ACTIVE practice they hold a role on. Anything else answers like
 * a missing document.
 */
export async function documentDownloadUrl(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: { documentId: number },
) {
  const notFound = () => new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchDocument });
  const document = await app.db.maybeOne<{
    practice_id: number;
    name: string;
    storage_key: string;
    archived: boolean;
  }>(sql`
    select practice_id, name, storage_key, archived from public.documents
     where id = ${input.documentId} and uploaded_at is not null`);
  if (!document) throw notFound();
  if (!caller.backOfficeRole) {
    const access = await loadPracticeAccess(app.db, document.practice_id, caller.userId, null);
    if (document.archived || !access || access.practiceRoles.length === 0) throw notFound();
  }
  const storage = requireStorage(app);
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
