import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Modal,
  Progress,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import {
  DOCUMENT_ACCEPT_ATTRIBUTE,
  DOCUMENT_MESSAGES,
  DOCUMENTS_SCREEN_MESSAGES,
  formatFileSize,
  MAX_FILES_PER_UPLOAD,
  type TUploadCheck,
} from '@portal/domain';
import { type DragEvent, useState } from 'react';
import { requireConnection } from '../lib/offline/needs-connection.ts';
import type { TCompletedDocument, TUploadTarget } from '../lib/upload/document-upload-api.ts';
import { type TUploadFileState, useDocumentUpload } from '../lib/upload/use-document-upload.ts';
import classes from './document-upload-modal.module.css';
import { CloseIcon, UploadIcon } from './icons.tsx';

/** A stable key per chosen file (the same file chosen twice gets one per choice). */
const fileKeys = new WeakMap<File, string>();
let lastKey = 0;
const keyOf = (file: File) => {
  const known = fileKeys.get(file);
  if (known) return known;
  lastKey += 1;
  const key = `file-${lastKey}`;
  fileKeys.set(file, key);
  return key;
};

/** A folder the modal offers. */
export interface TUploadFolder {
  id: number;
  name: string;
}

/**
 * THE upload modal (spec 002 §2 "Upload modal", §4, §5, §8), of the Documents screen and of an
 * indicator's files: a folder is required; one or several files, chosen or dropped, each checked
 * at once against the accepted types and the server's size limit; more than MAX_FILES_PER_UPLOAD
 * shows the limit warning; while they go up, a progress bar per file and one overall, and Cancel
 * stops them (nothing left behind). Files that fail stay listed with their reason for another try.
 */
export function DocumentUploadModal({
  opened,
  title = 'Upload documents',
  folders,
  defaultFolderId,
  target,
  multiple = true,
  onClose,
  onUploaded,
}: {
  opened: boolean;
  /** The dialog's title and accessible name. Default 'Upload documents'. */
  title?: string;
  folders: readonly TUploadFolder[];
  /** The folder chosen at first (the open folder, the indicator's folder). */
  defaultFolderId: number | null;
  /** Where the documents go besides the folder: the practice, and an indicator's response. */
  target: Omit<TUploadTarget, 'folderId' | 'folderCode'>;
  /** Several files at once. Default true. */
  multiple?: boolean;
  onClose(): void;
  /** After a batch, with the documents that went up (some may have failed). */
  onUploaded(documents: TCompletedDocument[]): void;
}) {
  const [folderId, setFolderId] = useState<string | null>(defaultFolderId ? String(defaultFolderId) : null);
  const [chosen, setChosen] = useState<Array<{ file: File; check: TUploadCheck | null; message?: string }>>(
    [],
  );
  const [errors, setErrors] = useState<{ folder?: string; files?: string }>({});
  const [dragging, setDragging] = useState(false);
  const { uploadFiles, checkFiles, cancel, reset, files, progress, uploading } = useDocumentUpload();
  const tooMany = chosen.length > MAX_FILES_PER_UPLOAD;
  const invalid = chosen.some((c) => c.check && !c.check.ok);

  const close = () => {
    if (uploading) return;
    setChosen([]);
    setErrors({});
    reset();
    onClose();
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

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) void add([...event.dataTransfer.files]);
  };

  // While a batch goes up its own states are shown; otherwise the files chosen.
  const rows: Array<{ file: File; state?: TUploadFileState; message?: string }> = uploading
    ? files.map((state) => ({ file: state.file, state }))
    : chosen.map((c) => ({ file: c.file, message: c.check && !c.check.ok ? c.check.message : c.message }));

  return (
    <Modal opened={opened} onClose={close} title={title} centered size="lg" closeOnClickOutside={!uploading}>
      <Stack gap="md">
        <Select
          label="Folder"
          required
          placeholder="Choose a folder"
          data={folders.map((f) => ({ value: String(f.id), label: f.name }))}
          value={folderId}
          onChange={(value) => {
            setFolderId(value);
            setErrors((e) => ({ ...e, folder: undefined }));
          }}
          error={errors.folder}
          disabled={uploading}
          comboboxProps={{ withinPortal: true }}
        />
        {/* While files go up the drop zone makes room for their progress. */}
        {uploading ? null : (
          // biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the button inside chooses files from the keyboard
          <div
            className={classes.dropzone}
            data-dragging={dragging || undefined}
            data-error={errors.files ? true : undefined}
            onDragOver={(event) => {
              event.preventDefault();
              if (!uploading) setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <UploadIcon size={28} />
            <Text fz="sm" ta="center">
              {multiple ? 'Drag files here, or' : 'Drag a file here, or'}
            </Text>
            <FileButton
              onChange={(f) => void add(f)}
              accept={DOCUMENT_ACCEPT_ATTRIBUTE}
              multiple
              disabled={uploading}
            >
              {(props) => (
                <Button {...props} variant="light" size="sm" disabled={uploading}>
                  {multiple ? 'Choose files' : 'Choose a file'}
                </Button>
              )}
            </FileButton>
            <Text fz="xs" c="dimmed" ta="center">
              jpeg, png, pdf, gif, docx, doc, xlsx, xls or pages
              {multiple ? `; up to ${MAX_FILES_PER_UPLOAD} files at a time` : ''}
            </Text>
          </div>
        )}
        {errors.files ? (
          <Text fz="sm" c="red.9" role="alert">
            {errors.files}
          </Text>
        ) : null}
        {tooMany ? (
          <Alert color="yellow" variant="light" role="alert" title="Too many files">
            {DOCUMENT_MESSAGES.tooManyFiles}. You chose {chosen.length}: remove{' '}
            {chosen.length - MAX_FILES_PER_UPLOAD} to continue.
          </Alert>
        ) : null}
        {rows.length > 1 && !uploading ? (
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              {rows.length} files chosen
            </Text>
            <Button size="compact-sm" variant="subtle" color="gray" onClick={() => setChosen([])}>
              Remove all
            </Button>
          </Group>
        ) : null}
        {rows.length ? (
          <Stack gap={6} component="ul" className={classes.list} aria-label="Files to upload">
            {rows.map(({ file, state, message }, index) => (
              <li
                key={keyOf(file)}
                className={classes.item}
                data-error={message || state?.status === 'failed' ? true : undefined}
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fz="sm" truncate="end" title={file.name}>
                    {file.name}
                  </Text>
                  <Group gap={6} wrap="nowrap">
                    <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {state?.status === 'done'
                        ? 'Uploaded'
                        : state?.status === 'cancelled'
                          ? DOCUMENTS_SCREEN_MESSAGES.uploadCancelled
                          : formatFileSize(file.size)}
                    </Text>
                    {!uploading ? (
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        color="gray"
                        aria-label={`Remove ${file.name}`}
                        onClick={() => setChosen((current) => current.filter((_, i) => i !== index))}
                      >
                        <CloseIcon size={14} />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Group>
                {state ? (
                  <Progress
                    size="sm"
                    mt={4}
                    value={Math.round(state.progress * 100)}
                    color={state.status === 'failed' ? 'red' : state.status === 'done' ? 'teal' : undefined}
                    aria-label={`Uploading ${file.name}`}
                    animated={state.status === 'uploading'}
                  />
                ) : null}
                {message || state?.message ? (
                  <Text fz="xs" c="red.9" mt={2}>
                    {message ?? state?.message}
                  </Text>
                ) : null}
              </li>
            ))}
          </Stack>
        ) : null}
        {progress !== null ? (
          <Stack gap={4}>
            <Group justify="space-between">
              <Text fz="sm" fw={500}>
                {files.filter((f) => f.status === 'done').length} of {files.length} uploaded
              </Text>
              <Text fz="sm" c="dimmed">
                {Math.round(progress * 100)}%
              </Text>
            </Group>
            <Progress value={Math.round(progress * 100)} aria-label="Upload progress" animated size="md" />
          </Stack>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={uploading ? cancel : close}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={uploading} disabled={tooMany || invalid}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
