import { type RefObject, useEffect } from 'react';
import { revealFirstInvalidCell } from '../components/reveal-invalid-cell.ts';
import type { TRowKey } from '../model/staff-editing.ts';

/**
 * Where the staff register puts the eye while a row is in edit: a row that opens for edit starts
 * at its first field (the table scrolls back to its left edge, as Edit sits at the far right on
 * narrow screens, and the first name takes the focus); a refused Save shows its first cell
 * message, wherever the table is scrolled (spec 000 §5). `scrollerClass` is the class of the
 * table's sideways scroller.
 */
export function useEditRowFocus(
  tableRef: RefObject<HTMLTableElement | null>,
  editingKey: TRowKey | null,
  refusals: number,
  scrollerClass: string | undefined,
) {
  useEffect(() => {
    const table = tableRef.current;
    if (editingKey === null || !table) return;
    const scroller = table.closest(`.${scrollerClass}`);
    if (scroller) scroller.scrollLeft = 0;
    table
      .querySelector<HTMLElement>('tr[aria-label="Row in edit"] [aria-label="First name"]')
      ?.focus({ preventScroll: true });
  }, [editingKey, tableRef, scrollerClass]);

  useEffect(() => {
    const table = tableRef.current;
    const row = table?.querySelector<HTMLElement>('tr[aria-label="Row in edit"]');
    const scroller = table?.closest<HTMLElement>(`.${scrollerClass}`);
    if (refusals > 0 && row && scroller) revealFirstInvalidCell(scroller, row);
  }, [refusals, tableRef, scrollerClass]);
}
