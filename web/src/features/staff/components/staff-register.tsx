import { Alert, Group, Pagination, Select, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { STAFF_PAGE_SIZE, STAFF_PAGE_SIZE_OPTIONS, type TPermissionFlags } from '@portal/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TRegistrationMatch } from '../api/find-staff-by-registration.ts';
import { useRegistrationMatches } from '../hooks/use-registration-matches.ts';
import { useStaffEditing } from '../hooks/use-staff-editing.ts';
import { useStaffList } from '../hooks/use-staff-list.ts';
import { useStaffRowActions } from '../hooks/use-staff-row-actions.ts';
import { NEW_ROW } from '../model/staff-editing.ts';
import type { TStaffRow } from '../model/staff-row.ts';
import { DeleteStaffModal } from './delete-staff-modal.tsx';
import { InviteStaffModal } from './invite-staff-modal.tsx';
import { matchToDraft, RegistrationMatches } from './registration-matches.tsx';
import { revealFirstInvalidCell } from './reveal-invalid-cell.ts';
import { type EditContext, STAFF_COLUMNS } from './staff-columns.tsx';
import { EditActions } from './staff-row-cells.tsx';
import classes from './staff-table.module.css';
import {
  ACTIONS_WIDTH,
  cellProps,
  HISTORY_ACTION_WIDTH,
  STICKY_LEFT,
  TABLE_WIDTH,
} from './staff-table-layout.ts';
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
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(STAFF_PAGE_SIZE);
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

  // A row that opens for edit starts at its first field: the table scrolls back to its left edge
  // (Edit sits at the far right on narrow screens) and the first name takes the focus.
  const tableRef = useRef<HTMLTableElement>(null);
  const editingKey = editing?.key ?? null;
  useEffect(() => {
    const table = tableRef.current;
    if (editingKey === null || !table) return;
    const scroller = table.closest(`.${classes.scroller}`);
    if (scroller) scroller.scrollLeft = 0;
    table
      .querySelector<HTMLElement>('tr[aria-label="Row in edit"] [aria-label="First name"]')
      ?.focus({ preventScroll: true });
  }, [editingKey]);

  // A refused Save shows its first cell message, wherever the table is scrolled (spec 000 §5).
  useEffect(() => {
    const table = tableRef.current;
    const row = table?.querySelector<HTMLElement>('tr[aria-label="Row in edit"]');
    const scroller = table?.closest<HTMLElement>(`.${classes.scroller}`);
    if (refusals > 0 && row && scroller) revealFirstInvalidCell(scroller, row);
  }, [refusals]);

  const pages = Math.max(1, Math.ceil(list.rows.length / pageSize));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  useEffect(() => onTotal?.(list.rows.length), [list.rows.length, onTotal]);
  const visible = list.rows.slice((page - 1) * pageSize, page * pageSize);

  const editingRegistration = editing ? String(editing.draft.registrationNum ?? '') : '';
  const original = editing ? String(editing.original.registrationNum ?? '') : '';
  const lookup = useRegistrationMatches(
    editingRegistration,
    editing !== null && editingRegistration.trim() !== original.trim(),
  );
  const matches = lookup.matches.filter((m) => m.id !== editing?.key);
  const [dismissedFor, setDismissedFor] = useState('');
  const showMatches = (matches.length > 0 || lookup.refusal !== null) && dismissedFor !== editingRegistration;

  const context = (row: TStaffRow | null): EditContext | null =>
    editing
      ? {
          draft: editing.draft,
          errors: editing.errors,
          set: editor.set,
          blur: editor.blur,
          canVerify: permissions.verifyStaff,
          row,
        }
      : null;

  const renderEditRow = (row: TStaffRow | null) => {
    const ctx = context(row)!;
    return [
      <Table.Tr key={row?.id ?? NEW_ROW} className={classes.editing} aria-label="Row in edit">
        {STAFF_COLUMNS.map((column) => (
          <Table.Td key={column.id} {...cellProps(column.id)}>
            {column.edit(ctx)}
          </Table.Td>
        ))}
        <Table.Td className={classes.actions}>
          <EditActions saving={editor.saving} onSave={editor.save} onCancel={editor.cancel} />
        </Table.Td>
      </Table.Tr>,
      showMatches ? (
        <Table.Tr key="matches" className={classes.matches}>
          <Table.Td colSpan={STAFF_COLUMNS.length + 1}>
            <div className={classes.matchesContent}>
              <RegistrationMatches
                matches={matches}
                refusal={lookup.refusal}
                practiceId={practiceId}
                onUse={(match: TRegistrationMatch) => {
                  editor.fill(matchToDraft(match));
                  setDismissedFor(match.registration_num ?? '');
                }}
              />
            </div>
          </Table.Td>
        </Table.Tr>
      ) : null,
    ];
  };

  const renderRow = (row: TStaffRow) =>
    editing?.key === row.id ? (
      renderEditRow(row)
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

  const empty = list.rows.length === 0 && editing?.key !== NEW_ROW;
  const actionsWidth = ACTIONS_WIDTH + (canReadHistory ? HISTORY_ACTION_WIDTH : 0);
  const tableWidth = TABLE_WIDTH - ACTIONS_WIDTH + actionsWidth;
  const filtered =
    list.filters.search.trim() !== '' || list.filters.type !== 'any' || list.filters.employment !== 'any';

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
      {/*
        The register scrolls sideways: the scroller takes focus so that the arrow keys scroll it
        even when no row has a control in it (axe: scrollable-region-focusable), and is named as a
        region for the screen reader that lands on it.
      */}
      <Table.ScrollContainer
        minWidth={tableWidth}
        className={classes.scroller}
        type="native"
        role="region"
        aria-label="Staff register, scrolls sideways"
        tabIndex={0}
      >
        <Table
          ref={tableRef}
          className={classes.table}
          style={{ width: tableWidth }}
          verticalSpacing={6}
          horizontalSpacing={10}
          aria-label="Staff register"
        >
          <colgroup>
            {STAFF_COLUMNS.map((column) => (
              <col key={column.id} style={{ width: column.width }} />
            ))}
            <col style={{ width: actionsWidth }} />
          </colgroup>
          <Table.Thead>
            <Table.Tr>
              {STAFF_COLUMNS.map((column) => (
                <Table.Th key={column.id} {...cellProps(column.id)}>
                  {column.header}
                </Table.Th>
              ))}
              <Table.Th className={classes.actions}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {editing?.key === NEW_ROW ? renderEditRow(null) : null}
            {visible.map(renderRow)}
            {empty && !list.fetching ? (
              <Table.Tr>
                <Table.Td colSpan={STAFF_COLUMNS.length + 1}>
                  <Text c="dimmed" fz="sm" py="md" ta="left" pl={STICKY_LEFT.firstName}>
                    {filtered
                      ? 'No staff match the search.'
                      : 'No staff yet. Use Add staff to enter your first staff member.'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Text fz="sm" c="dimmed">
          {list.rows.length === 1 ? '1 staff member' : `${list.rows.length} staff members`}
        </Text>
        <Group gap="sm">
          <Select
            size="xs"
            w={90}
            aria-label="Rows per page"
            data={STAFF_PAGE_SIZE_OPTIONS.map(String)}
            value={String(pageSize)}
            allowDeselect={false}
            onChange={unlessEditing((value: string | null) => {
              setPageSize(Number(value ?? STAFF_PAGE_SIZE));
              setPage(1);
            })}
          />
          <Pagination size="sm" total={pages} value={page} onChange={unlessEditing(setPage)} />
        </Group>
      </Group>
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
