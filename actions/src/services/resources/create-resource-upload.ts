import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { safeFileName } from '../documents/document-keys.ts';
import { checkedUpload, requireStorage, UPLOAD_URL_SECONDS } from '../documents/uploads.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requireResourceManager } from './resource-access.ts';

/**
 * `createResourceUpload`: the first step of a resource's file, through the document store (the
 * same type and size rules as a document, spec 002 §5, and a presigned PUT). Nothing is recorded:
 * `saveResource` takes the answered storage key, checks the stored object and writes the row, so
 * an upload that is never saved leaves only an unreferenced object.
 */
export async function createResourceUpload(
  app: Pick<FastifyInstance, 'config' | 'db' | 'storage'>,
  caller: Caller,
  input: { name: string; contentType: string; size: number },
) {
  requireResourceManager(caller);
  const { name, fileType, maxFileSizeMb } = await checkedUpload(app, input);
  const storageKey = `resources/general/${randomUUID()}/${safeFileName(name)}`;
  const contentType = fileType.contentType;
  const uploadUrl = await requireStorage(app).uploadUrl(
    storageKey,
    { contentType, contentLength: input.size },
    UPLOAD_URL_SECONDS,
  );
  return {
    storageKey,
    uploadUrl,
    contentType,
    expiresAt: new Date(Date.now() + UPLOAD_URL_SECONDS * 1000).toISOString(),
    maxFileSizeMb,
  };
}
