import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { DOCUMENT_MESSAGES, MAX_FILES_PER_UPLOAD } from '@portal/domain';
import type { TCompletedDocument, TUploadTarget } from '../lib/upload/document-upload-api.ts';
import { useUploadBatch } from '../lib/upload/use-upload-batch.ts';
import { UploadDropZone } from './upload-drop-zone.tsx';
import { UploadBatchProgress, UploadFileList } from './upload-file-list.tsx';

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
  const batch = useUploadBatch({ defaultFolderId, target, multiple, onClose, onUploaded });
  const { errors, rows, tooMany, invalid } = batch;
  const { cancel, files, progress, uploading } = batch.upload;
  return (
    <Modal
      opened={opened}
      onClose={batch.close}
      title={title}
      centered
      size="lg"
      closeOnClickOutside={!uploading}
    >
      <Stack gap="md">
        <Select
          label="Folder"
          required
          placeholder="Choose a folder"
          data={folders.map((f) => ({ value: String(f.id), label: f.name }))}
          value={batch.folderId}
          onChange={batch.chooseFolder}
          error={errors.folder}
          disabled={uploading}
          comboboxProps={{ withinPortal: true }}
        />
        {/* While files go up the drop zone makes room for their progress. */}
        {uploading ? null : (
          <UploadDropZone
            multiple={multiple}
            invalid={Boolean(errors.files)}
            uploading={uploading}
            onFiles={(f) => void batch.add(f)}
          />
        )}
        {errors.files ? (
          <Text fz="sm" c="red.9" role="alert">
            {errors.files}
          </Text>
        ) : null}
        {tooMany ? (
          <Alert color="yellow" variant="light" role="alert" title="Too many files">
            {DOCUMENT_MESSAGES.tooManyFiles}. You chose {batch.chosenCount}: remove{' '}
            {batch.chosenCount - MAX_FILES_PER_UPLOAD} to continue.
          </Alert>
        ) : null}
        {rows.length > 1 && !uploading ? (
          <Group justify="space-between">
            <Text fz="sm" c="dimmed">
              {rows.length} files chosen
            </Text>
            <Button size="compact-sm" variant="subtle" color="gray" onClick={batch.removeAll}>
              Remove all
            </Button>
          </Group>
        ) : null}
        {rows.length ? <UploadFileList rows={rows} uploading={uploading} onRemove={batch.remove} /> : null}
        {progress !== null ? (
          <UploadBatchProgress
            done={files.filter((f) => f.status === 'done').length}
            total={files.length}
            progress={progress}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={uploading ? cancel : batch.close}>
            Cancel
          </Button>
          <Button onClick={() => void batch.submit()} loading={uploading} disabled={tooMany || invalid}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
