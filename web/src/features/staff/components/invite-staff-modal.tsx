import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { INVITATION_VALID_DAYS, inviteButtonLabel } from '@portal/domain';
import { useState } from 'react';
import { staffName } from '../hooks/use-staff-row-actions.ts';
import type { TStaffRow } from '../model/staff-row.ts';

/**
 * Confirms an invitation before it is e-mailed (spec 000 §2: the invite staff modal): who, to
 * which address, and what the link does. A RE-INVITE says the earlier link stops working.
 */
export function InviteStaffModal({
  row,
  practiceName,
  onConfirm,
  onClose,
}: {
  row: TStaffRow | null;
  practiceName: string;
  onConfirm(row: TStaffRow): Promise<boolean>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  const again = row
    ? inviteButtonLabel({ user: row.user, invite: row.invitations[0] ?? null }) === 'RE-INVITE'
    : false;
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title={again ? 'Send a new invitation' : 'Invite staff member'}
      centered
      styles={{ title: { fontWeight: 600 } }}
      size="md"
    >
      {row ? (
        <Stack gap="md">
          <Text fz="sm">
            <b>{staffName(row)}</b> will get an e-mail at <b>{row.email}</b> with a link to join{' '}
            {practiceName} on the portal. With it they create an account, or sign in to the one they have, and
            work on the practice with you. The link works for {INVITATION_VALID_DAYS} days.
          </Text>
          {again ? (
            <Alert color="yellow" variant="light" p="sm">
              <Text fz="sm">The link in the earlier invitation will stop working.</Text>
            </Alert>
          ) : null}
          <Text fz="xs" c="dimmed">
            To use another address, edit the staff member's email in the register first.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button
              loading={busy}
              onClick={async () => {
                setBusy(true);
                // Sent or refused, the toast says which (spec 000 §8); the register shows the new state.
                await onConfirm(row);
                setBusy(false);
                onClose();
              }}
            >
              {again ? 'Send new invitation' : 'Send invitation'}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
