import { Alert, Stack } from '@mantine/core';
import type { TPermissionFlags } from '@portal/domain';
import { useCallback, useRef, useState } from 'react';
import { useEditRowFocus } from '../hooks/use-edit-row-focus.ts';
import { useRegistrationLookup } from '../hooks/use-registration-lookup.ts';
import { useStaffEditing } from '../hooks/use-staff-editing.ts';
import { useStaffList } from '../hooks/use-staff-list.ts';
import { useStaffPages } from '../hooks/use-staff-pages.ts';
import { useStaffRowActions } from '../hooks/use-staff-row-actions.ts';
import { NEW_ROW } from '../model/staff-editing.ts';
import type { TStaffRow } from '../model/staff-row.ts';
import { DeleteStaffModal } from './delete-staff-modal.tsx';
import { InviteStaffModal } from './invite-staff-modal.tsx';
import { StaffEditRow } from './staff-edit-row.tsx';
import { pageSizeOf, StaffRegisterPaging } from './staff-register-paging.tsx';
import { emptyRegisterMessage, StaffRegisterTable } from './staff-register-table.tsx';
import classes from './staff-table.module.css';
import { StaffToolbar } from './staff-toolbar.tsx';
import { StaffViewRow } from './staff-view-row.tsx';

/** The editable staff table of one practice (spec 000 §2, §4, §5). */
export function StaffRegister({
  practiceId,
  practiceName,
  permissions,
  canReadHistory = false,
  onTotal,
}: {
  practiceId: number;
  /** Named in the invite confirmation. */
  practiceName: string;
  permissions: TPermissionFlags['practiceStaff'];
  /** Shows each row's History (the back office: `canReadAuditTrail`). */
  canReadHistory?: boolean;
  onTotal?(total: number): void;
}) {
  const list = useStaffList(practiceId);
  const editor = useStaffEditing(practiceId, list.refetch);
  const actions = useStaffRowActions(list.refetch);
  const { page, setPage, pageSize, setPageSize, pages } = useStaffPages(list.rows.length, onTotal);
  const [deleting, setDeleting] = useState<TStaffRow | null>(null);
  const [inviting, setInviting] = useState<TStaffRow | null>(null);
  const { editing, refusals } = editor;
  // Stable for the memoised rows, always calling the latest editor.
  const editRef = useRef(editor.edit);
  editRef.current = editor.edit;
  const onEdit = useCallback((row: TStaffRow) => editRef.current(row), []);
  /**
   * Paging, a page size, a search or a filter would take a stored row in edit off the screen:
   * refused with the one-row warning while it has changes (spec 000 §4, §8).
   */
  const unlessEditing =
    <A extends unknown[]>(apply: (...args: A) => void) =>
    (...args: A) => {
      if (editor.leave()) apply(...args);
    };

  const tableRef = useRef<HTMLTableElement>(null);
  useEditRowFocus(tableRef, editing?.key ?? null, refusals, classes.scroller);
  const lookup = useRegistrationLookup(editing);
  const visible = list.rows.slice((page - 1) * pageSize, page * pageSize);

  const editRow = (row: TStaffRow | null) => (
    <StaffEditRow
      key={row?.id ?? NEW_ROW}
      row={row}
      editor={editor}
      canVerify={permissions.verifyStaff}
      lookup={lookup}
      practiceId={practiceId}
    />
  );
  const renderRow = (row: TStaffRow) =>
    editing?.key === row.id ? (
      editRow(row)
    ) : (
      <StaffViewRow
        key={row.id}
        row={row}
        canVerify={permissions.verifyStaff}
        canChange={permissions.changeStaff}
        canInvite={permissions.inviteStaff}
        canReadHistory={canReadHistory}
        onVerify={actions.verify}
        onEdit={onEdit}
        onDelete={setDeleting}
        onInvite={setInviting}
      />
    );

  const empty = list.rows.length === 0 && editing?.key !== NEW_ROW && !list.fetching;

  return (
    <Stack gap="sm">
      <StaffToolbar
        filters={list.filters}
        onChange={unlessEditing((next) => {
          list.setFilters(next);
          setPage(1);
        })}
        canAdd={permissions.changeStaff}
        onAdd={() => {
          if (editor.add()) setPage(1);
        }}
      />
      {list.error ? (
        <Alert color="red" variant="light" title="The staff register could not be loaded">
          Please reload the page. If this keeps happening, contact support.
        </Alert>
      ) : null}
      <StaffRegisterTable
        tableRef={tableRef}
        canReadHistory={canReadHistory}
        empty={empty ? emptyRegisterMessage(list.filters) : null}
        loading={list.fetching && list.rows.length === 0 && editing?.key !== NEW_ROW}
      >
        {editing?.key === NEW_ROW ? editRow(null) : null}
        {visible.map(renderRow)}
      </StaffRegisterTable>
      <StaffRegisterPaging
        total={list.rows.length}
        page={page}
        pages={pages}
        pageSize={pageSize}
        onPage={unlessEditing(setPage)}
        onPageSize={unlessEditing((value: string | null) => {
          setPageSize(pageSizeOf(value));
          setPage(1);
        })}
      />
      <DeleteStaffModal row={deleting} onConfirm={actions.archive} onClose={() => setDeleting(null)} />
      <InviteStaffModal
        row={inviting}
        practiceName={practiceName}
        onConfirm={actions.invite}
        onClose={() => setInviting(null)}
      />
    </Stack>
  );
}
