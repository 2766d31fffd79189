import {
  DOCUMENT_MESSAGES,
  DOCUMENTS_SCREEN_MESSAGES,
  MAX_FILES_PER_UPLOAD,
  type TUploadCheck,
} from '@portal/domain';
import { useState } from 'react';
import { requireConnection } from '../offline/needs-connection.ts';
import type { TCompletedDocument, TUploadTarget } from './document-upload-api.ts';
import { type TUploadFileState, useDocumentUpload } from './use-document-upload.ts';

/**
 * The upload modal's batch (spec 002 §2 "Upload modal", §4, §5, §8): the folder and the files
 * chosen (each checked at once against the accepted types and the server's size limit), the
 * messages of a refused Upload, the upload itself (files that fail stay chosen with their reason
 * for another try) and the rows to list: while a batch goes up its own states, otherwise the
 * files chosen.
 */
export function useUploadBatch({
  defaultFolderId,
  target,
  multiple,
  onClose,
  onUploaded,
}: {
  defaultFolderId: number | null;
  target: Omit<TUploadTarget, 'folderId' | 'folderCode'>;
  multiple: boolean;
  onClose(): void;
  onUploaded(documents: TCompletedDocument[]): void;
}) {
  const [folderId, setFolderId] = useState<string | null>(defaultFolderId ? String(defaultFolderId) : null);
  const [chosen, setChosen] = useState<Array<{ file: File; check: TUploadCheck | null; message?: string }>>(
    [],
  );
  const [errors, setErrors] = useState<{ folder?: string; files?: string }>({});
  const upload = useDocumentUpload();
  const { uploadFiles, checkFiles, reset, files, uploading } = upload;
  const tooMany = chosen.length > MAX_FILES_PER_UPLOAD;
  const invalid = chosen.some((c) => c.check && !c.check.ok);

  const close = () => {
    if (uploading) return;
    setChosen([]);
    setErrors({});
    reset();
    onClose();
  };

  const chooseFolder = (value: string | null) => {
    setFolderId(value);
    setErrors((e) => ({ ...e, folder: undefined }));
  };

  const add = async (added: File[]) => {
    if (!added.length) return;
    const next = multiple ? added : added.slice(0, 1);
    const checks = await checkFiles(next);
    reset();
    setChosen((current) => [
      ...(multiple ? current : []),
      ...next.map((file, i) => ({ file, check: checks[i] ?? null })),
    ]);
    setErrors((e) => ({ ...e, files: undefined }));
  };

  const remove = (index: number) => setChosen((current) => current.filter((_, i) => i !== index));
  const removeAll = () => setChosen([]);

  const submit = async () => {
    const problems = {
      folder: folderId ? undefined : DOCUMENT_MESSAGES.folderRequired,
      files: chosen.length ? undefined : DOCUMENTS_SCREEN_MESSAGES.filesRequired,
    };
    setErrors(problems);
    if (!folderId || !chosen.length || tooMany || invalid) return;
    if (!requireConnection('Uploading files')) return;
    const batch = chosen.map((c) => c.file);
    const outcomes = await uploadFiles(batch, { ...target, folderId: Number(folderId) });
    const done = outcomes.flatMap((o) => (o.ok ? [o.document] : []));
    if (done.length) onUploaded(done);
    const left = batch.flatMap((file, i) => {
      const outcome = outcomes[i];
      return outcome && !outcome.ok ? [{ file, check: null, message: outcome.message }] : [];
    });
    if (!left.length) {
      setChosen([]);
      reset();
      onClose();
    } else setChosen(left);
  };

  const rows: Array<{ file: File; state?: TUploadFileState; message?: string }> = uploading
    ? files.map((state) => ({ file: state.file, state }))
    : chosen.map((c) => ({ file: c.file, message: c.check && !c.check.ok ? c.check.message : c.message }));

  return {
    folderId,
    chooseFolder,
    chosenCount: chosen.length,
    errors,
    tooMany,
    invalid,
    add,
    remove,
    removeAll,
    submit,
    close,
    rows,
    upload,
  };
}
