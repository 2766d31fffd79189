// The upload modal's list of files and its progress of the whole batch.
import { ActionIcon, Group, Progress, Stack, Text } from '@mantine/core';
import { DOCUMENTS_SCREEN_MESSAGES, formatFileSize } from '@portal/domain';
import type { TUploadFileState } from '../lib/upload/use-document-upload.ts';
import classes from './document-upload-modal.module.css';
import { CloseIcon } from './icons.tsx';

/** A file of the upload modal's list: chosen (with the reason it cannot go), or going up. */
export interface TUploadRow {
  file: File;
  state?: TUploadFileState;
  message?: string;
}

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

/**
 * The upload modal's files: each with its size (or Uploaded, or cancelled), a Remove button
 * while nothing goes up, its own progress bar while it does, and its reason when it failed.
 */
export function UploadFileList({
  rows,
  uploading,
  onRemove,
}: {
  rows: readonly TUploadRow[];
  uploading: boolean;
  onRemove(index: number): void;
}) {
  return (
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
                  onClick={() => onRemove(index)}
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
  );
}

/** The whole batch's progress: how many files are up, and one bar. */
export function UploadBatchProgress({
  done,
  total,
  progress,
}: {
  done: number;
  total: number;
  progress: number;
}) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Text fz="sm" fw={500}>
          {done} of {total} uploaded
        </Text>
        <Text fz="sm" c="dimmed">
          {Math.round(progress * 100)}%
        </Text>
      </Group>
      <Progress value={Math.round(progress * 100)} aria-label="Upload progress" animated size="md" />
    </Stack>
  );
}
