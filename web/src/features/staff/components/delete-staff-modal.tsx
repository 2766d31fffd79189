import { Button, Group, Modal, Text } from '@mantine/core';
import { STAFF_MESSAGES } from '@portal/domain';
import { useState } from 'react';
import { staffName } from '../hooks/use-staff-row-actions.ts';
import type { TStaffRow } from '../model/staff-row.ts';

/** Confirms deleting a staff member (spec 000 §2: buttons Delete User and Cancel). */
export function DeleteStaffModal({
  row,
  onConfirm,
  onClose,
}: {
  row: TStaffRow | null;
  onConfirm(row: TStaffRow): Promise<boolean>;
  onClose(): void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      title="Delete staff member"
      centered
      styles={{ title: { fontWeight: 600 } }}
    >
      {row ? (
        <>
          <Text fz="sm">
            Delete <b>{staffName(row)}</b> from the staff register? They will no longer appear in the register
            or count towards your staff numbers.
          </Text>
          <Group justify="flex-end" mt="lg">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {STAFF_MESSAGES.deleteCancelButton}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                const done = await onConfirm(row);
                setBusy(false);
                if (done) onClose();
              }}
            >
              {STAFF_MESSAGES.deleteConfirmButton}
            </Button>
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
