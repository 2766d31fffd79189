import { Table } from '@mantine/core';
import type { TRegistrationMatch } from '../api/find-staff-by-registration.ts';
import type { TRegistrationLookup } from '../hooks/use-registration-lookup.ts';
import type { useStaffEditing } from '../hooks/use-staff-editing.ts';
import { NEW_ROW } from '../model/staff-editing.ts';
import type { TStaffRow } from '../model/staff-row.ts';
import { matchToDraft, RegistrationMatches } from './registration-matches.tsx';
import { type EditContext, STAFF_COLUMNS } from './staff-columns.tsx';
import { EditActions } from './staff-row-cells.tsx';
import classes from './staff-table.module.css';
import { cellProps } from './staff-table-layout.ts';

/**
 * The staff register's row in edit (a stored row, or `null` for a new one): a field per column,
 * Save and Cancel, and under it the registration matches while there are any.
 */
export function StaffEditRow({
  row,
  editor,
  canVerify,
  lookup,
  practiceId,
}: {
  row: TStaffRow | null;
  editor: ReturnType<typeof useStaffEditing>;
  canVerify: boolean;
  lookup: TRegistrationLookup;
  practiceId: number;
}) {
  const { editing } = editor;
  if (!editing) return null;
  const ctx: EditContext = {
    draft: editing.draft,
    errors: editing.errors,
    set: editor.set,
    blur: editor.blur,
    canVerify,
    row,
  };
  return (
    <>
      <Table.Tr key={row?.id ?? NEW_ROW} className={classes.editing} aria-label="Row in edit">
        {STAFF_COLUMNS.map((column) => (
          <Table.Td key={column.id} {...cellProps(column.id)}>
            {column.edit(ctx)}
          </Table.Td>
        ))}
        <Table.Td className={classes.actions}>
          <EditActions saving={editor.saving} onSave={editor.save} onCancel={editor.cancel} />
        </Table.Td>
      </Table.Tr>
      {lookup.show ? (
        <Table.Tr key="matches" className={classes.matches}>
          <Table.Td colSpan={STAFF_COLUMNS.length + 1}>
            <div className={classes.matchesContent}>
              <RegistrationMatches
                matches={lookup.matches}
                refusal={lookup.refusal}
                practiceId={practiceId}
                onUse={(match: TRegistrationMatch) => {
                  editor.fill(matchToDraft(match));
                  lookup.used(match);
                }}
              />
            </div>
          </Table.Td>
        </Table.Tr>
      ) : null}
    </>
  );
}
