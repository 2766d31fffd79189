import { Alert, Button, Group, Modal, type ModalProps, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A yes-or-no question before an action that cannot simply be undone. `error` is the server's
 * refusal, said in the modal (role alert) above the buttons; `confirmDisabled` holds the confirm
 * back while the screen already knows it would be refused.
 */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  confirmDisabled,
  busy,
  error,
  size,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  confirmDisabled?: boolean;
  busy: boolean;
  error?: string | null;
  size?: ModalProps['size'];
  onConfirm(): void;
  onClose(): void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered size={size}>
      <Stack gap="md">
        <Text fz="sm" component="div">
          {children}
        </Text>
        {error ? (
          <Alert variant="light" color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
