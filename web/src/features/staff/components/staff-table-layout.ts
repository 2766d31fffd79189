import type { CSSProperties } from 'react';
import { STAFF_COLUMNS } from './staff-columns.tsx';
import classes from './staff-table.module.css';

/** Width of the actions column at the right edge. */
export const ACTIONS_WIDTH = 210;
/** What the actions column gains for the back office's History button. */
export const HISTORY_ACTION_WIDTH = 70;

const stickyColumns = STAFF_COLUMNS.filter((c) => c.sticky);
/** Left offset of each fixed column: the widths of the fixed columns before it. */
export const STICKY_LEFT: Record<string, number> = Object.fromEntries(
  stickyColumns.map((c, i) => [c.id, stickyColumns.slice(0, i).reduce((sum, p) => sum + p.width, 0)]),
);
const lastStickyId = stickyColumns.at(-1)?.id;
/** The one column still fixed when the register is too narrow for all four (see the CSS). */
const NARROW_PINNED_ID = 'firstName';
export const TABLE_WIDTH = STAFF_COLUMNS.reduce((sum, c) => sum + c.width, ACTIONS_WIDTH);

/**
 * Class and offset of a cell: the fixed columns stick to the left edge (all four in a wide
 * register, only the first name in a narrow one; the container query is in the CSS).
 */
export function cellProps(id: string): { className?: string; style?: CSSProperties; 'data-pin'?: string } {
  if (id === 'cpdEvidence') return { className: classes.evidenceCell };
  if (!(id in STICKY_LEFT)) return {};
  const names = [classes.sticky];
  if (id === lastStickyId) names.push(classes.lastSticky);
  if (id === NARROW_PINNED_ID) names.push(classes.narrowPinned);
  return {
    className: names.join(' '),
    style: { '--sticky-left': `${STICKY_LEFT[id]}px` } as CSSProperties,
    'data-pin': 'left',
  };
}
