import { Table } from '@mantine/core';
import { memo, type ReactNode } from 'react';
import { useStaffLabel } from '../model/staff-labels.tsx';
import type { TStaffRow } from '../model/staff-row.ts';
import { STAFF_COLUMNS } from './staff-columns.tsx';
import { RowActions, VerifiedCell } from './staff-row-cells.tsx';
import classes from './staff-table.module.css';
import { cellProps } from './staff-table-layout.ts';

export interface StaffViewRowProps {
  row: TStaffRow;
  canVerify: boolean;
  canChange: boolean;
  canInvite: boolean;
  /** Shows the row's History button (the back office). */
  canReadHistory?: boolean;
  onVerify(row: TStaffRow, verified: boolean): Promise<void>;
  onEdit(row: TStaffRow): void;
  onDelete(row: TStaffRow): void;
  /** Opens the invite confirmation. */
  onInvite(row: TStaffRow): void;
}

/** Text on one line, shortened with an ellipsis, whole on hover; other content as it is. */
function CellContent({ content }: { content: ReactNode }) {
  if (typeof content !== 'string') return content;
  return (
    <span className={classes.truncate} title={content || undefined}>
      {content}
    </span>
  );
}

/** A stored row, not in edit. Memoised: typing in the row in edit leaves the others alone. */
export const StaffViewRow = memo(function StaffViewRow(props: StaffViewRowProps) {
  const { row } = props;
  const label = useStaffLabel();
  return (
    <Table.Tr>
      {STAFF_COLUMNS.map((column) => (
        <Table.Td key={column.id} {...cellProps(column.id)}>
          {column.id === 'verified' ? (
            <VerifiedCell row={row} canVerify={props.canVerify} onVerify={props.onVerify} />
          ) : (
            <CellContent content={column.view(row, label)} />
          )}
        </Table.Td>
      ))}
      <Table.Td className={classes.actions}>
        <RowActions
          row={row}
          canChange={props.canChange}
          canInvite={props.canInvite}
          canReadHistory={props.canReadHistory ?? false}
          onEdit={() => props.onEdit(row)}
          onDelete={() => props.onDelete(row)}
          onInvite={async () => props.onInvite(row)}
        />
      </Table.Td>
    </Table.Tr>
  );
});
