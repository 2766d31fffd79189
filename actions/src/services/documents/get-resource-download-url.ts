import { DOCUMENT_MESSAGES, resourceFileName } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { DOWNLOAD_URL_SECONDS, requireStorage } from './uploads.ts';

/**
 * `resourceDownloadUrl(resourceId)`: an indicator resource (spec 002 §2 "A resource has a file or
 * a url"; §7 `GET {resource}/{id}/`). A file answers a short-lived presigned GET, served as an
 * attachment named after the resource (its name plus the extension of its file type); a link
 * answers its url as it is, with no expiry. Whoever may read the row through GraphQL may have it:
 * the permission and this action ask the one predicate `public.indicator_resource_can_read` with
 * the caller's session. A resource the caller cannot read answers like a missing one.
 */
export async function resourceDownloadUrl(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: { resourceId: number },
) {
  const session = { 'x-hasura-user-id': String(caller.userId), 'x-hasura-role': caller.role };
  const resource = await app.db.maybeOne<{
    name: string;
    file_type: string | null;
    storage_key: string | null;
    url: string | null;
  }>(sql`
    select r.name, r.file_type, r.storage_key, r.url from public.indicator_resources r
     where r.id = ${input.resourceId}
       and public.indicator_resource_can_read(r, ${JSON.stringify(session)}::json)`);
  if (!resource) throw new AppError('not_found', { message: DOCUMENT_MESSAGES.noSuchResource });
  if (resource.storage_key === null)
    return { resourceId: input.resourceId, name: resource.name, url: resource.url!, expiresAt: null };
  const name = resourceFileName(resource.name, resource.file_type);
  const url = await requireStorage(app).downloadUrl(resource.storage_key, DOWNLOAD_URL_SECONDS, {
    fileName: name,
  });
  return {
    resourceId: input.resourceId,
    name,
    url,
    expiresAt: new Date(Date.now() + DOWNLOAD_URL_SECONDS * 1000).toISOString(),
  };
}
