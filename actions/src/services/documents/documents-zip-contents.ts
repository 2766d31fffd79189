import { DOCUMENT_MESSAGES } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { type Caller, loadPracticeAccess } from '../practices/practice-access.ts';
import { documentReadableSql } from './document-access.ts';

/** What a zip is of: chosen documents (Download Selected) or a whole folder (Download All). */
export type TZipSource = { documentIds: number[] } | { folderId: number };

/** A document as it goes into a zip. */
export interface ZipEntry {
  id: number;
  name: string;
  storage_key: string;
  created_at: Date;
}

/**
 * The caller may read the practice's documents (as `documentDownloadUrl`): the back office any
 * practice, a practice user (PM or surveyor) an ACTIVE practice they hold a role on. Otherwise
 * 'There is no such practice.', as for a missing one.
 */
export async function requireDocumentReader(db: Queryable, caller: Caller, practiceId: number) {
  const access = await loadPracticeAccess(db, practiceId, caller.userId, caller.backOfficeRole);
  const reads = !!access && (!!caller.backOfficeRole || access.practiceRoles.length > 0);
  if (!reads) throw new AppError('not_found', { message: 'There is no such practice.' });
}

/**
 * The zip's name and documents: live, uploaded documents of the practice the caller may read
 * (`documentReadableSql`, the GraphQL rule: a finding's documents only where its finding is
 * readable), newest first. Chosen ids must all be such documents (else `not_found`, so ids cannot
 * be probed); a folder must be live and the provider's or the practice's own, and its zip leaves
 * out what the caller may not read, as their folder's list does. The caller is checked first.
 */
export async function loadZipContents(
  db: Queryable,
  caller: Caller,
  practiceId: number,
  source: TZipSource,
): Promise<{ name: string; entries: ZipEntry[] }> {
  await requireDocumentReader(db, caller, practiceId);
  if ('documentIds' in source) {
    const entries = await db.many<ZipEntry>(sql`
      select d.id, d.name, d.storage_key, d.created_at from public.documents d
       where d.practice_id = ${practiceId} and d.id = any(${source.documentIds}::integer[])
         and not d.archived and d.uploaded_at is not null and ${documentReadableSql(caller)}
       order by d.created_at desc, d.id desc`);
    if (entries.length !== source.documentIds.length)
      throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchDocument });
    const practice = await db.one<{ name: string }>(
      sql`select name from public.organisations where id = ${practiceId}`,
    );
    return { name: `${practice.name} documents.zip`, entries };
  }
  const folder = await db.maybeOne<{ name: string }>(sql`
    select name from public.folders
     where id = ${source.folderId} and not archived and (practice_id is null or practice_id = ${practiceId})`);
  if (!folder) throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchFolder });
  const entries = await db.many<ZipEntry>(sql`
    select d.id, d.name, d.storage_key, d.created_at from public.documents d
     where d.practice_id = ${practiceId} and d.folder_id = ${source.folderId}
       and not d.archived and d.uploaded_at is not null and ${documentReadableSql(caller)}
     order by d.created_at desc, d.id desc`);
  return { name: `${folder.name}.zip`, entries };
}
