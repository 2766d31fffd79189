import { DOCUMENT_MESSAGES, DOCUMENTS_SCREEN_MESSAGES, type TUploadCheck } from '@portal/domain';
import type { Client, CombinedError } from '@urql/core';
import {
  AbandonDocumentMutation,
  CompleteDocumentMutation,
  CreateDocumentMutation,
  type TCompletedDocument,
  type TUploadTarget,
} from './document-upload-api.ts';
import { putFile, UploadHttpError } from './put-file.ts';

/** The server's words when it gave some, else the spec's generic failure (spec 002 §8). */
export function uploadErrorMessage(error: CombinedError): string {
  return error.graphQLErrors[0]?.message || DOCUMENT_MESSAGES.uploadFailed;
}

/** How one file's upload ended. */
export type TUploadOutcome =
  | { ok: true; document: TCompletedDocument }
  | {
      ok: false;
      /** `refused`: storage answered 403 (spec 002 §8 'The file was too large'). */
      reason: 'check' | 'refused' | 'failed' | 'cancelled';
      message: string;
    };

/** The outcome of a file the browser refused before asking (type, size, name). */
export function refusedByCheck(check: Extract<TUploadCheck, { ok: false }>): TUploadOutcome {
  return { ok: false, reason: 'check', message: check.message };
}

/**
 * One file through the spec's sequence (spec 002 §4, DESIGN §6): createDocument (a pending
 * record and a presigned PUT URL), the PUT with progress, completeDocument. A PUT that fails or is
 * cancelled is reported with abandonDocument, which removes the object and retires the record;
 * a refused completion is cleaned up by the server itself. Never throws.
 */
export async function uploadOne(
  client: Client,
  file: File,
  target: TUploadTarget,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<TUploadOutcome> {
  const cancelled = {
    ok: false,
    reason: 'cancelled',
    message: DOCUMENTS_SCREEN_MESSAGES.uploadCancelled,
  } as const;
  if (signal?.aborted) return cancelled;
  const created = await client
    .mutation(CreateDocumentMutation, { ...target, name: file.name, contentType: file.type, size: file.size })
    .toPromise();
  if (created.error || !created.data)
    return {
      ok: false,
      reason: 'failed',
      message: created.error ? uploadErrorMessage(created.error) : DOCUMENT_MESSAGES.uploadFailed,
    };
  const { documentId, uploadUrl, contentType } = created.data.createDocument;
  try {
    if (signal?.aborted) throw new UploadHttpError(0);
    await putFile(uploadUrl, file, contentType, onProgress, signal);
  } catch (error) {
    await client.mutation(AbandonDocumentMutation, { documentId }).toPromise();
    if (signal?.aborted) return cancelled;
    return error instanceof UploadHttpError && error.status === 403
      ? { ok: false, reason: 'refused', message: DOCUMENT_MESSAGES.tooLarge(1) }
      : { ok: false, reason: 'failed', message: DOCUMENT_MESSAGES.uploadFailed };
  }
  const completed = await client.mutation(CompleteDocumentMutation, { documentId }).toPromise();
  if (completed.error || !completed.data)
    return {
      ok: false,
      reason: 'failed',
      message: completed.error ? uploadErrorMessage(completed.error) : DOCUMENT_MESSAGES.uploadFailed,
    };
  return { ok: true, document: completed.data.completeDocument };
}

/**
 * The one toast of a batch (spec 002 §8): 'File upload was successful!' when every file went up;
 * storage's 403s as 'The file was too large' / '1 or more of the files were too large'; else the
 * first failure's words. Nothing when the user cancelled and nothing else failed.
 */
export function batchMessage(outcomes: readonly TUploadOutcome[]): { ok: boolean; message: string } | null {
  const failures = outcomes.filter((o): o is Extract<TUploadOutcome, { ok: false }> => !o.ok);
  if (failures.length === 0)
    return outcomes.length ? { ok: true, message: DOCUMENT_MESSAGES.uploadSucceeded } : null;
  const refused = failures.filter((f) => f.reason === 'refused').length;
  if (refused)
    return { ok: false, message: DOCUMENT_MESSAGES.tooLarge(refused > 1 || outcomes.length > 1 ? 2 : 1) };
  const failed = failures.find((f) => f.reason !== 'cancelled');
  return failed ? { ok: false, message: failed.message } : null;
}
