import type { FastifyInstance } from 'fastify';
import type { Caller } from '../practices/practice-access.ts';
import { loadOwnPendingUpload, retireUpload } from './uploads.ts';

/**
 * `abandonDocument(documentId)`: the browser's PUT failed or was cancelled (spec 002 §4 "If any
 * step fails, the partial document record is deleted", `DELETE document/{id}/`). The object, if
 * any, is removed and the pending row archived. Only the user who created the upload, and only
 * while it is pending.
 */
export async function abandonDocument(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: { documentId: number },
) {
  const upload = await loadOwnPendingUpload(app.db, caller, input.documentId);
  await retireUpload(app, caller, upload);
  return { documentId: upload.id, archived: true };
}
