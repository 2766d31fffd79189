import {
  DOCUMENT_MESSAGES,
  documentFileTypeOf,
  GENERAL_RESOURCE_PAGES,
  RESOURCE_MESSAGES,
  type TResourceFormOutput,
  uploadSizeProblem,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { uploadLimitMb } from '../choices/static-choices.ts';
import { contentMatchesType, SNIFF_BYTES } from '../documents/check-content.ts';
import { requireStorage } from '../documents/uploads.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requireResourceKey, requireResourceManager } from './resource-access.ts';

const invalid = (
  field: string,
  message: string,
  code: 'invalid_input' | 'file_too_large' | 'unsupported_file_type' = 'invalid_input',
) => new AppError(code, { message, fields: { [field]: message } });

/** The accepted type of the stored object, after checking it is there, within the limit and what it says it is. */
async function checkStoredFile(app: Pick<FastifyInstance, 'config' | 'db' | 'storage'>, key: string) {
  requireResourceKey(key);
  const storage = requireStorage(app);
  const stored = await storage.head(key);
  if (!stored) throw invalid('file', DOCUMENT_MESSAGES.fileMissing);
  const sizeProblem = uploadSizeProblem(stored.size, await uploadLimitMb(app.db, app.config.maxFileSizeMb));
  if (sizeProblem)
    throw invalid(
      'file',
      sizeProblem.message,
      sizeProblem.reason === 'too_large' ? 'file_too_large' : 'invalid_input',
    );
  const type = documentFileTypeOf(stored.contentType.toLowerCase());
  if (!type) throw invalid('file', DOCUMENT_MESSAGES.unsupportedType, 'unsupported_file_type');
  const start = await storage.readStart(key, SNIFF_BYTES);
  if (!start) throw invalid('file', DOCUMENT_MESSAGES.fileMissing);
  if (!(await contentMatchesType(start, type.contentType)))
    throw invalid('file', DOCUMENT_MESSAGES.contentMismatch(type.type), 'unsupported_file_type');
  return type.type;
}

/**
 * `saveResource`: adds a resource or factsheet (`resourceId` null) or changes one, in one
 * transaction. A file comes from `createResourceUpload` and is checked in storage first (there,
 * within the limit, its first bytes of its type); a new file or a url replaces the old one, whose
 * object stays in storage (nothing is deleted; the audit log keeps the old key). Resources of an
 * indicator are not changed here.
 */
export async function saveResource(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage'>,
  caller: Caller,
  input: TResourceFormOutput,
) {
  requireResourceManager(caller);
  const fileType = input.storageKey ? await checkStoredFile(app, input.storageKey) : null;
  const url = input.url || null;
  const description = input.description || null;
  const one = GENERAL_RESOURCE_PAGES[input.kind].one;

  const row = await app.db.transaction(async (tx) => {
    if (input.storageKey) {
      const taken = await tx.maybeOne(sql`
        select 1 from public.indicator_resources
         where storage_key = ${input.storageKey} and id is distinct from ${input.resourceId}::integer`);
      if (taken) throw invalid('file', RESOURCE_MESSAGES.noSuchUpload);
    }
    if (input.resourceId === null)
      return tx.one<{ id: number }>(sql`
        insert into public.indicator_resources
          (kind, name, category, description, file_type, storage_key, url, for_pm, for_surveyor)
        values (${input.kind}, ${input.name}, ${input.category}, ${description}, ${fileType},
                ${input.storageKey}, ${url}, ${input.forPm}, ${input.forSurveyor})
        returning id`);
    const current = await tx.maybeOne<{ kind: string; storage_key: string | null }>(sql`
      select kind, storage_key from public.indicator_resources where id = ${input.resourceId} for update`);
    if (!current) throw new AppError('not_found', { message: RESOURCE_MESSAGES.noSuchResource });
    if (current.kind === 'INDICATOR')
      throw new AppError('invalid_input', { message: RESOURCE_MESSAGES.indicatorResource });
    const keepFile = !input.storageKey && !url;
    if (keepFile && current.storage_key === null) throw invalid('url', RESOURCE_MESSAGES.fileOrUrl);
    return tx.one<{ id: number }>(sql`
      update public.indicator_resources
         set kind = ${input.kind}, name = ${input.name}, category = ${input.category},
             description = ${description}, for_pm = ${input.forPm}, for_surveyor = ${input.forSurveyor},
             file_type = case when ${keepFile}::boolean then file_type else ${fileType}::text end,
             storage_key = case when ${keepFile}::boolean then storage_key else ${input.storageKey}::text end,
             url = case when ${keepFile}::boolean then null else ${url}::text end,
             updated_at = now()
       where id = ${input.resourceId}
      returning id`);
  }, caller.actor);

  return {
    resourceId: row.id,
    kind: input.kind,
    name: input.name,
    message: input.resourceId === null ? RESOURCE_MESSAGES.added(one) : RESOURCE_MESSAGES.saved(one),
  };
}
