import { checkUpload, DEFAULT_MAX_FILE_SIZE_MB, DOCUMENT_MESSAGES } from '@portal/domain';
import type { CombinedError } from '@urql/core';
import { useCallback, useEffect, useState } from 'react';
import { useClient } from 'urql';
import { notifyError, notifySuccess } from '../notify.ts';
import { useServices } from '../services.tsx';
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

/**
 * One document upload at a time (DESIGN §6, spec 002 §4): the file is checked here first (type,
 * and size against the server's limit from GET /api/config, asked for when the first upload
 * control mounts; the default when that fails, the server checking again), then createDocument, a PUT to
 * the presigned URL with progress, and completeDocument. A failed PUT is reported with
 * abandonDocument. Every outcome is a toast with the spec's words; the answer is the completed
 * document, or null.
 */
export function useDocumentUpload() {
  const client = useClient();
  const { publicConfig } = useServices();
  // Ask for the limit as soon as an upload is possible, so choosing a file does not wait for it.
  useEffect(() => {
    void publicConfig.load();
  }, [publicConfig]);
  /** Fraction sent while a file is on its way, else null. */
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useCallback(
    async (file: File, target: TUploadTarget): Promise<TCompletedDocument | null> => {
      const maxFileSizeMb = (await publicConfig.load())?.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB;
      const check = checkUpload(file, maxFileSizeMb);
      if (!check.ok) {
        notifyError(check.message);
        return null;
      }
      setProgress(0);
      try {
        const created = await client
          .mutation(CreateDocumentMutation, {
            ...target,
            name: file.name,
            contentType: file.type,
            size: file.size,
          })
          .toPromise();
        if (created.error || !created.data) {
          notifyError(created.error ? uploadErrorMessage(created.error) : DOCUMENT_MESSAGES.uploadFailed);
          return null;
        }
        const { documentId, uploadUrl, contentType } = created.data.createDocument;
        try {
          await putFile(uploadUrl, file, contentType, setProgress);
        } catch (error) {
          await client.mutation(AbandonDocumentMutation, { documentId }).toPromise();
          const refused = error instanceof UploadHttpError && error.status === 403;
          notifyError(refused ? DOCUMENT_MESSAGES.tooLarge(1) : DOCUMENT_MESSAGES.uploadFailed);
          return null;
        }
        const completed = await client.mutation(CompleteDocumentMutation, { documentId }).toPromise();
        if (completed.error || !completed.data) {
          notifyError(completed.error ? uploadErrorMessage(completed.error) : DOCUMENT_MESSAGES.uploadFailed);
          return null;
        }
        notifySuccess(DOCUMENT_MESSAGES.uploadSucceeded);
        return completed.data.completeDocument;
      } finally {
        setProgress(null);
      }
    },
    [client, publicConfig],
  );

  return { upload, progress, uploading: progress !== null };
}
