import { randomUUID } from 'node:crypto';
import { checkUpload } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { safeFileName } from '../documents/document-keys.ts';
import { requireStorage, UPLOAD_URL_SECONDS } from '../documents/uploads.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requireResourceManager } from './resource-access.ts';

const REASON_CODES = {
  too_large: 'file_too_large',
  unsupported_type: 'unsupported_file_type',
  empty: 'invalid_input',
  name_too_long: 'invalid_input',
  name_characters: 'invalid_input',
} as const;

/**
 * `createResourceUpload`: the first step of a resource's file, through the document store (the
 * same type and size rules as a document, spec 002 §5, and a presigned PUT). Nothing is recorded:
 * `saveResource` takes the answered storage key, checks the stored object and writes the row, so
 * an upload that is never saved leaves only an unreferenced object.
 */
export async function createResourceUpload(
  app: Pick<FastifyInstance, 'config' | 'storage'>,
  caller: Caller,
  input: { name: string; contentType: string; size: number },
) {
  requireResourceManager(caller);
  const name = input.name.trim();
  const check = checkUpload({ name, type: input.contentType, size: input.size }, app.config.maxFileSizeMb);
  if (!check.ok)
    throw new AppError(REASON_CODES[check.reason], {
      message: check.message,
      fields: { file: check.message },
    });
  const storageKey = `resources/general/${randomUUID()}/${safeFileName(name)}`;
  const contentType = check.fileType.contentType;
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
    maxFileSizeMb: app.config.maxFileSizeMb,
  };
}
