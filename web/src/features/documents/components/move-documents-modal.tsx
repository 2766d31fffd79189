import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { DOCUMENTS_SCREEN_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import type { TDocumentFolder } from '../model/document-folders.ts';

/**
 * The 'move to folder' modal (spec 002 §2): a target folder is required, and the open folder is
 * not among the choices.
 */
export function MoveDocumentsModal({
  opened,
  count,
  folders,
  openFolderId,
  busy,
  onMove,
  onClose,
}: {
  opened: boolean;
  count: number;
  folders: readonly TDocumentFolder[];
  openFolderId: number | null;
  busy: boolean;
  onMove(toFolderId: number): void;
  onClose(): void;
}) {
  const [target, setTarget] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    if (busy) return;
    setTarget(null);
    setError(undefined);
    onClose();
  };
  const submit = () => {
    if (!target) {
      setError(DOCUMENTS_SCREEN_MESSAGES.targetFolderRequired);
      return;
    }
    onMove(Number(target));
  };
  return (
    <Modal opened={opened} onClose={close} title="Move to folder" centered>
      <Stack gap="md">
        <Text fz="sm">
          Move {count === 1 ? 'the selected document' : `the ${count} selected documents`} to:
        </Text>
        <Select
          label="Folder"
          required
          placeholder="Choose a folder"
          data={folders
            .filter((f) => f.id !== openFolderId)
            .map((f) => ({ value: String(f.id), label: f.name }))}
          value={target}
          onChange={(value) => {
            setTarget(value);
            setError(undefined);
          }}
          error={error}
          comboboxProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
