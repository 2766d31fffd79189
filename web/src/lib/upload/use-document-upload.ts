import { checkUpload, DEFAULT_MAX_FILE_SIZE_MB, type TUploadCheck } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { notifyError, notifySuccess } from '../notify.ts';
import { useServices } from '../services.tsx';
import type { TCompletedDocument, TUploadTarget } from './document-upload-api.ts';
import { batchMessage, refusedByCheck, type TUploadOutcome, uploadOne } from './upload-one.ts';

export { uploadErrorMessage } from './upload-one.ts';

/** How many files of a batch go up at once. */
const PARALLEL_UPLOADS = 3;

/** One file of a batch, as the upload modal lists it. */
export interface TUploadFileState {
  file: File;
  /** Fraction sent, 0 to 1. */
  progress: number;
  status: 'waiting' | 'uploading' | 'done' | 'failed' | 'cancelled';
  /** Why it failed. */
  message?: string;
}

/**
 * THE document upload of the app (spec 002 §4, DESIGN §6), used by the Documents screen, the
 * indicator files and the staff register: one flow, not three. Files are checked here first
 * (type, and size against the server's limit from GET /api/config, asked for when the first
 * upload control mounts; the default when that fails, the server checking again), then each goes
 * through `uploadOne` (create, PUT with progress, complete; abandon on failure or cancel).
 *
 * - `upload(file, target)`: one file, its outcome as a toast; the completed document or null.
 * - `uploadFiles(files, target)`: several, a few at a time, each with its progress in `files`
 *   and the batch's in `progress`; one toast for the batch; `cancel()` stops what is under way
 *   (abandoned, nothing left behind) and what has not started.
 */
export function useDocumentUpload() {
  const client = useClient();
  const { publicConfig } = useServices();
  // Ask for the limit as soon as an upload is possible, so choosing a file does not wait for it.
  useEffect(() => {
    void publicConfig.load();
  }, [publicConfig]);
  const [files, setFiles] = useState<TUploadFileState[]>([]);
  const [uploading, setUploading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  /** Each file checked against the accepted types and the server's size limit. */
  const checkFiles = useCallback(
    async (chosen: readonly File[]): Promise<TUploadCheck[]> => {
      const maxFileSizeMb = (await publicConfig.load())?.maxFileSizeMb ?? DEFAULT_MAX_FILE_SIZE_MB;
      return chosen.map((file) => checkUpload(file, maxFileSizeMb));
    },
    [publicConfig],
  );

  const uploadFiles = useCallback(
    async (chosen: readonly File[], target: TUploadTarget): Promise<TUploadOutcome[]> => {
      const controller = new AbortController();
      abort.current = controller;
      const update = (index: number, change: Partial<TUploadFileState>) =>
        setFiles((current) => current.map((f, i) => (i === index ? { ...f, ...change } : f)));
      setFiles(chosen.map((file) => ({ file, progress: 0, status: 'waiting' })));
      setUploading(true);
      const checks = await checkFiles(chosen);
      const outcomes: TUploadOutcome[] = new Array(chosen.length);
      let nextIndex = 0;
      const worker = async () => {
        while (nextIndex < chosen.length) {
          const index = nextIndex++;
          const check = checks[index]!;
          const file = chosen[index]!;
          let outcome: TUploadOutcome;
          if (!check.ok) outcome = refusedByCheck(check);
          else {
            update(index, { status: 'uploading' });
            outcome = await uploadOne(
              client,
              file,
              target,
              (progress) => update(index, { progress }),
              controller.signal,
            );
          }
          outcomes[index] = outcome;
          update(
            index,
            outcome.ok
              ? { status: 'done', progress: 1 }
              : { status: outcome.reason === 'cancelled' ? 'cancelled' : 'failed', message: outcome.message },
          );
        }
      };
      try {
        await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, chosen.length) }, worker));
      } finally {
        if (abort.current === controller) abort.current = null;
        setUploading(false);
      }
      const summary = batchMessage(outcomes);
      if (summary) (summary.ok ? notifySuccess : notifyError)(summary.message);
      return outcomes;
    },
    [client, checkFiles],
  );

  const upload = useCallback(
    async (file: File, target: TUploadTarget): Promise<TCompletedDocument | null> => {
      const [outcome] = await uploadFiles([file], target);
      return outcome?.ok ? outcome.document : null;
    },
    [uploadFiles],
  );

  const cancel = useCallback(() => abort.current?.abort(), []);
  const reset = useCallback(() => setFiles([]), []);

  /** The batch's fraction sent, by bytes (files that failed or were refused count as done). */
  const total = files.reduce((sum, f) => sum + f.file.size, 0);
  const sent = files.reduce(
    (sum, f) => sum + f.file.size * (f.status === 'uploading' ? f.progress : f.status === 'waiting' ? 0 : 1),
    0,
  );
  const progress = uploading ? (total > 0 ? sent / total : 0) : null;

  return { upload, uploadFiles, checkFiles, cancel, reset, files, progress, uploading };
}
