import { STAFF_COLUMNS } from './staff-columns.tsx';
import classes from './staff-table.module.css';

/** Width of the actions column at the right edge. */
export const ACTIONS_WIDTH = 210;

const stickyColumns = STAFF_COLUMNS.filter((c) => c.sticky);
/** Left offset of each fixed column: the widths of the fixed columns before it. */
export const STICKY_LEFT: Record<string, number> = Object.fromEntries(
  stickyColumns.map((c, i) => [c.id, stickyColumns.slice(0, i).reduce((sum, p) => sum + p.width, 0)]),
);
const lastStickyId = stickyColumns.at(-1)?.id;
export const TABLE_WIDTH = STAFF_COLUMNS.reduce((sum, c) => sum + c.width, ACTIONS_WIDTH);

/** Class and offset of a cell: fixed columns stick to the left edge. */
export function cellProps(id: string) {
  if (id === 'cpdEvidence') return { className: classes.evidenceCell };
  if (!(id in STICKY_LEFT)) return {};
  return {
    className: `${classes.sticky} ${id === lastStickyId ? classes.lastSticky : ''}`,
    style: { left: STICKY_LEFT[id] },
  };
}
