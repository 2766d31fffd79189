import { Badge, Button, Checkbox, Group, ThemeIcon, Tooltip } from '@mantine/core';
import { inviteButtonLabel, staffAccountTooltip } from '@portal/domain';
import { useState } from 'react';
import { HistoryButton } from '../../audit/index.ts';
import { staffName } from '../hooks/use-staff-row-actions.ts';
import type { TStaffRow } from '../model/staff-row.ts';

const inviteState = (row: TStaffRow) => ({
  user: row.user,
  invite: row.invitations[0] ?? null,
});

/** The verified cell of a stored row: a control for who may verify (spec 000 §6), a mark for others. */
export function VerifiedCell({
  row,
  canVerify,
  onVerify,
}: {
  row: TStaffRow;
  canVerify: boolean;
  onVerify(row: TStaffRow, verified: boolean): Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  if (canVerify)
    return (
      <Checkbox
        aria-label={`Verify ${staffName(row)}`}
        checked={row.verified}
        disabled={busy}
        onChange={async (event) => {
          setBusy(true);
          await onVerify(row, event.currentTarget.checked);
          setBusy(false);
        }}
      />
    );
  return <VerifiedMark verified={row.verified} />;
}

/** What someone who may not verify sees, in view and in edit: a mark, never a box. */
export function VerifiedMark({ verified }: { verified: boolean }) {
  return (
    <Tooltip label={verified ? 'Verified by the accreditation provider' : 'Not verified yet'} withinPortal>
      <ThemeIcon
        size={22}
        radius="xl"
        variant={verified ? 'filled' : 'light'}
        color={verified ? 'teal' : 'gray'}
        role="img"
        aria-label={verified ? 'Verified' : 'Not verified'}
      >
        {verified ? (
          <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
            <path
              d="M2.5 6.2 5 8.6l4.5-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        ) : (
          <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
            <path d="M2.5 5h5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        )}
      </ThemeIcon>
    </Tooltip>
  );
}

/** Edit, delete and invite for a stored row (by permission); save and cancel for the row in edit. */
export function RowActions({
  row,
  canChange,
  canInvite,
  canReadHistory = false,
  onEdit,
  onDelete,
  onInvite,
}: {
  row: TStaffRow;
  canChange: boolean;
  canInvite: boolean;
  canReadHistory?: boolean;
  onEdit(): void;
  onDelete(): void;
  onInvite(): Promise<void>;
}) {
  const [inviting, setInviting] = useState(false);
  const name = staffName(row);
  const label = canInvite ? inviteButtonLabel(inviteState(row)) : null;
  const tooltip = staffAccountTooltip(inviteState(row));
  return (
    <Group gap={6} wrap="nowrap">
      {canChange ? (
        <>
          <Button size="compact-xs" variant="light" onClick={onEdit} aria-label={`Edit ${name}`}>
            Edit
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={`Delete ${name}`}
          >
            Delete
          </Button>
        </>
      ) : null}
      {canReadHistory ? (
        <HistoryButton
          subject="staff"
          id={row.id}
          what={name}
          label={`History of ${name}`}
          size="compact-xs"
          variant="subtle"
        />
      ) : null}
      {label ? (
        <Tooltip
          label={row.email ? `Send an invitation to ${row.email}` : 'Add an email to invite'}
          withinPortal
        >
          <Button
            size="compact-xs"
            variant="outline"
            loading={inviting}
            disabled={!row.email}
            aria-label={`${label} ${name}`}
            onClick={async () => {
              setInviting(true);
              await onInvite();
              setInviting(false);
            }}
          >
            {label}
          </Button>
        </Tooltip>
      ) : null}
      {tooltip ? (
        <Tooltip label={tooltip} withinPortal>
          <Badge
            size="sm"
            variant="light"
            color={row.user?.is_active ? 'teal' : 'gray'}
            aria-label={tooltip}
            tabIndex={0}
          >
            {row.user?.is_active ? 'Account' : row.user ? 'Deactivated' : 'Declined'}
          </Badge>
        </Tooltip>
      ) : null}
    </Group>
  );
}

export function EditActions({
  saving,
  onSave,
  onCancel,
}: {
  saving: boolean;
  onSave(): void;
  onCancel(): void;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Button size="compact-xs" onClick={onSave} loading={saving}>
        Save
      </Button>
      <Button size="compact-xs" variant="default" onClick={onCancel} disabled={saving}>
        Cancel
      </Button>
    </Group>
  );
}
