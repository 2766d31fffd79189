import { Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode, Ref } from 'react';
import type { TStaffFilters } from '../hooks/use-staff-list.ts';
import { STAFF_COLUMNS } from './staff-columns.tsx';
import classes from './staff-table.module.css';
import {
  ACTIONS_WIDTH,
  cellProps,
  HISTORY_ACTION_WIDTH,
  STICKY_LEFT,
  TABLE_WIDTH,
} from './staff-table-layout.ts';

/** What an empty register says: nothing matches the search and filters, or no staff yet. */
export function emptyRegisterMessage(filters: TStaffFilters): string {
  const filtered = filters.search.trim() !== '' || filters.type !== 'any' || filters.employment !== 'any';
  return filtered
    ? 'No staff match the search.'
    : 'No staff yet. Use Add staff to enter your first staff member.';
}

/**
 * The staff register's table: its column widths and headers (the actions column wider when rows
 * show History), the rows given as children, and the empty message when `empty` is set.
 */
export function StaffRegisterTable({
  tableRef,
  canReadHistory,
  empty,
  loading = false,
  children,
}: {
  tableRef: Ref<HTMLTableElement>;
  canReadHistory: boolean;
  /** The message of a register with no row to show; none while loading. */
  empty: string | null;
  /**
   * The first answer has not come: a blank row as tall as the empty message holds its place, so
   * what is below (the nominated contacts) does not move down when the answer comes.
   */
  loading?: boolean;
  children: ReactNode;
}) {
  const actionsWidth = ACTIONS_WIDTH + (canReadHistory ? HISTORY_ACTION_WIDTH : 0);
  const tableWidth = TABLE_WIDTH - ACTIONS_WIDTH + actionsWidth;
  return (
    // The register scrolls sideways: the scroller takes focus so that the arrow keys scroll it
    // even when no row has a control in it (axe: scrollable-region-focusable), and is named as a
    // region for the screen reader that lands on it.
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
          {children}
          {empty !== null || loading ? (
            <Table.Tr aria-hidden={empty === null || undefined}>
              <Table.Td colSpan={STAFF_COLUMNS.length + 1}>
                <Text c="dimmed" fz="sm" py="md" ta="left" pl={STICKY_LEFT.firstName}>
                  {empty ?? '\u00a0'}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
