import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { TDocumentRow } from '../api/get-documents.ts';

/**
 * The 'delete document' and 'delete documents confirm' modals (spec 002 §2): the documents are
 * named before they are archived (never removed: an administrator can bring them back).
 */
export function DeleteDocumentsModal({
  opened,
  documents,
  busy,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  documents: readonly Pick<TDocumentRow, 'id' | 'name'>[];
  busy: boolean;
  onConfirm(): void;
  onClose(): void;
}) {
  const one = documents.length === 1;
  const shown = documents.slice(0, 5);
  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={one ? 'Delete document' : 'Delete documents'}
      centered
    >
      <Stack gap="md">
        <Text fz="sm">
          {one
            ? 'Are you sure you want to delete this document?'
            : `Are you sure you want to delete these ${documents.length} documents?`}
        </Text>
        <List fz="sm" spacing={2} withPadding>
          {shown.map((d) => (
            <List.Item key={d.id}>{d.name}</List.Item>
          ))}
          {documents.length > shown.length ? (
            <List.Item>and {documents.length - shown.length} more</List.Item>
          ) : null}
        </List>
        <Text fz="xs" c="dimmed">
          Deleted documents leave the practice's folders. They are archived, not destroyed.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
