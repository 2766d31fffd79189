import type { Readable } from 'node:stream';
import { DOCUMENT_MESSAGES, deriveHasuraRoles } from '@portal/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { ticketKey, verifyTicket } from '../../lib/signed-ticket.ts';
import { writeZip } from '../../lib/zip-writer.ts';
import { backOfficeRoleOf, type Caller } from '../practices/practice-access.ts';
import { ZIP_TICKET_PURPOSE } from './create-documents-zip-url.ts';
import { documentReadableSql } from './document-access.ts';
import { loadZipContents } from './documents-zip-contents.ts';
import { markObjectMissing } from './mark-object-missing.ts';
import { requireStorage } from './uploads.ts';

const ZTicket = z.object({
  userId: z.number().int().positive(),
  role: z.enum(['user', 'qam', 'provider_admin']),
  sessionId: z.uuid().nullable(),
  practiceId: z.number().int().positive(),
  source: z.union([
    z.object({ documentIds: z.array(z.number().int().positive()).min(1) }),
    z.object({ folderId: z.number().int().positive() }),
  ]),
});

/**
 * `GET /api/documents/zip?ticket=` (the link `documentsZipUrl` answered): checks the ticket
 * (signature and expiry: else 401), that it is the bearer's own when the request carries one,
 * that its user is still active with that role and its session live, and that they may still
 * read the documents (else 403); then answers the zip's name and a stream of it (`writeZip`).
 * Documents archived since the link was made are left out; none left is `not_found`.
 */
export async function streamDocumentsZip(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'sessionIsLive'>,
  log: FastifyBaseLogger,
  input: { ticket: string; bearerUserId: number | null },
): Promise<{ name: string; count: number; stream: Readable }> {
  const invalid = () => new AppError('unauthorized', { message: DOCUMENT_MESSAGES.zipLinkInvalid });
  const refused = () => new AppError('forbidden', { message: DOCUMENT_MESSAGES.zipLinkRefused });
  const payload = verifyTicket(input.ticket, ticketKey(app.config.jwt.key, ZIP_TICKET_PURPOSE));
  const parsed = ZTicket.safeParse(payload);
  if (!parsed.success) throw invalid();
  const ticket = parsed.data;
  if (input.bearerUserId !== null && input.bearerUserId !== ticket.userId) throw refused();
  if (ticket.sessionId && !(await app.sessionIsLive(ticket.userId, ticket.sessionId))) throw invalid();
  const user = await app.db.maybeOne<{ is_active: boolean; is_admin: boolean; is_qam: boolean }>(
    sql`select is_active, is_admin, is_qam from public.users where id = ${ticket.userId}`,
  );
  if (!user?.is_active) throw refused();
  if (!deriveHasuraRoles({ isAdmin: user.is_admin, isQam: user.is_qam }).allowedRoles.includes(ticket.role))
    throw refused();
  const caller: Caller = {
    userId: ticket.userId,
    role: ticket.role,
    backOfficeRole: backOfficeRoleOf(ticket.role),
    actor: { userId: ticket.userId, role: ticket.role },
  };
  const contents = await loadZipContents(app.db, caller, ticket.practiceId, ticket.source).catch(
    (error: unknown) => {
      // Archived since the link was made: the rest still downloads.
      if (
        error instanceof AppError &&
        error.message === DOCUMENT_MESSAGES.noSuchDocument &&
        'documentIds' in ticket.source
      )
        return loadStillLive(app, caller, ticket.practiceId, ticket.source.documentIds);
      if (error instanceof AppError && error.code === 'not_found') throw refused();
      throw error;
    },
  );
  if (contents.entries.length === 0) throw new AppError('not_found', { message: DOCUMENT_MESSAGES.zipEmpty });
  const storage = requireStorage(app);
  const stream = writeZip(
    contents.entries.map((document) => ({
      name: document.name,
      date: document.created_at,
      open: () => storage.stream(document.storage_key),
      document,
    })),
    ({ document }) => markObjectMissing(app.db, log, document),
  );
  return { name: contents.name, count: contents.entries.length, stream };
}

/**
 * The chosen documents that are still live and readable, for a link made before some were
 * archived, moved or hidden from the caller.
 */
async function loadStillLive(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  practiceId: number,
  ids: number[],
) {
  const live = await app.db.many<{ id: number }>(sql`
    select d.id from public.documents d
     where d.practice_id = ${practiceId} and d.id = any(${ids}::integer[]) and not d.archived
       and d.uploaded_at is not null and ${documentReadableSql(caller)}`);
  if (live.length === 0) return { name: '', entries: [] };
  return loadZipContents(app.db, caller, practiceId, { documentIds: live.map((row) => row.id) });
}
