import { DOCUMENT_MESSAGES, DOCUMENTS_ZIP_URL_SECONDS } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { signTicket, ticketKey } from '../../lib/signed-ticket.ts';
import type { Caller } from '../practices/practice-access.ts';
import { batchIds } from './document-access.ts';
import { loadZipContents, type TZipSource } from './documents-zip-contents.ts';

/** The purpose the zip tickets' key is derived for (see `ticketKey`). */
export const ZIP_TICKET_PURPOSE = 'documents-zip';

/** What a zip ticket carries: who, in which session and role, and what. */
export interface ZipTicket {
  userId: number;
  role: string;
  sessionId: string | null;
  practiceId: number;
  source: TZipSource;
}

/**
 * `documentsZipUrl(practiceId, documentIds | folderId)` (spec 002 §7 POST document/download and
 * document/download-folder): checks what `GET /api/documents/zip` will stream, for whoever may
 * read the practice's documents, and answers a relative link with a ticket signed with the
 * service's secret that works for DOCUMENTS_ZIP_URL_SECONDS. The GET checks everything again.
 */
export async function createDocumentsZipUrl(
  app: Pick<FastifyInstance, 'db' | 'config'>,
  caller: Caller,
  sessionId: string | null,
  input: { practiceId: number; documentIds?: number[] | null; folderId?: number | null },
) {
  const hasIds = input.documentIds !== undefined && input.documentIds !== null;
  const hasFolder = input.folderId !== undefined && input.folderId !== null;
  if (hasIds === hasFolder) throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.zipChooseOne });
  const source: TZipSource = hasIds
    ? { documentIds: batchIds(input.documentIds!) }
    : { folderId: input.folderId! };
  const contents = await loadZipContents(app.db, caller, input.practiceId, source);
  if (contents.entries.length === 0)
    throw new AppError('invalid_input', { message: DOCUMENT_MESSAGES.zipEmpty });
  const ticket: ZipTicket = {
    userId: caller.userId,
    role: caller.role,
    sessionId,
    practiceId: input.practiceId,
    source,
  };
  const signed = signTicket(
    ticket,
    ticketKey(app.config.jwt.key, ZIP_TICKET_PURPOSE),
    DOCUMENTS_ZIP_URL_SECONDS,
  );
  return {
    url: `/api/documents/zip?ticket=${signed}`,
    name: contents.name,
    expiresAt: new Date(Date.now() + DOCUMENTS_ZIP_URL_SECONDS * 1000).toISOString(),
    count: contents.entries.length,
  };
}
