import { Button, FileInput, Group, Modal, Progress, Select, Stack } from '@mantine/core';
import { DOCUMENT_ACCEPT_ATTRIBUTE, DOCUMENT_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { useQuery } from 'urql';
import { useDocumentUpload } from '../../../lib/upload/use-document-upload.ts';
import { GetPracticeFoldersQuery } from '../api/get-practice-folders.ts';

/**
 * The upload modal of an indicator (spec 001 §5, 002 §2): a folder is required (the indicator's
 * own folder first), a file is chosen and checked against the size and type rules, then uploaded
 * against the indicator's response.
 */
export function IndicatorUploadModal({
  opened,
  practiceId,
  responseId,
  defaultFolderId,
  onClose,
  onUploaded,
}: {
  opened: boolean;
  practiceId: number;
  responseId: number;
  defaultFolderId: number | null;
  onClose(): void;
  onUploaded(): void;
}) {
  const [{ data }] = useQuery({ query: GetPracticeFoldersQuery, variables: { practiceId }, pause: !opened });
  const folders = data?.folders ?? [];
  const [folderId, setFolderId] = useState<string | null>(defaultFolderId ? String(defaultFolderId) : null);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ folder?: string; file?: string }>({});
  const { upload, progress, uploading } = useDocumentUpload();
  const close = () => {
    if (uploading) return;
    setFile(null);
    setErrors({});
    onClose();
  };
  const submit = async () => {
    const problems = {
      folder: folderId ? undefined : DOCUMENT_MESSAGES.folderRequired,
      file: file ? undefined : 'Please choose a file',
    };
    setErrors(problems);
    if (!folderId || !file) return;
    const done = await upload(file, {
      practiceId,
      folderId: Number(folderId),
      indicatorResponseId: responseId,
    });
    if (done) {
      onUploaded();
      setFile(null);
      onClose();
    }
  };
  return (
    <Modal opened={opened} onClose={close} title="Upload a file" centered>
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
          comboboxProps={{ withinPortal: true }}
        />
        <FileInput
          label="File"
          required
          placeholder="Choose a file"
          accept={DOCUMENT_ACCEPT_ATTRIBUTE}
          value={file}
          onChange={(value) => {
            setFile(value);
            setErrors((e) => ({ ...e, file: undefined }));
          }}
          error={errors.file}
          clearable
        />
        {progress !== null ? <Progress value={progress * 100} aria-label="Upload progress" animated /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={uploading}>
            Cancel
          </Button>
          <Button onClick={submit} loading={uploading}>
            Upload
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
