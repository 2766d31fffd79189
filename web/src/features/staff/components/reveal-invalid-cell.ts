/** Room left between a revealed cell and the fixed columns (or the scroller's edge). */
const MARGIN = 8;

const isSticky = (element: Element) => getComputedStyle(element).position === 'sticky';

/**
 * Scrolls the register sideways so that `cell` is in the part of `scroller` that no fixed column
 * covers: the left-pinned cells that are sticky at this width (they stack from the left edge) and
 * the actions cell when it is sticky at the right.
 */
export function revealCell(scroller: HTMLElement, cell: HTMLElement): void {
  if (isSticky(cell)) return; // always in view
  const row = cell.parentElement;
  if (!row) return;
  let coveredLeft = 0;
  let coveredRight = 0;
  for (const other of Array.from(row.children) as HTMLElement[]) {
    if (other === cell || !isSticky(other)) continue;
    if (other.dataset.pin === 'left') coveredLeft += other.offsetWidth;
    else coveredRight += other.offsetWidth;
  }
  const box = scroller.getBoundingClientRect();
  const rect = cell.getBoundingClientRect();
  const start = rect.left - box.left - scroller.clientLeft + scroller.scrollLeft;
  const end = start + rect.width;
  const from = scroller.scrollLeft + coveredLeft;
  const to = scroller.scrollLeft + scroller.clientWidth - coveredRight;
  if (start < from) scroller.scrollLeft = Math.max(0, start - coveredLeft - MARGIN);
  else if (end > to) {
    const room = scroller.clientWidth - coveredLeft - coveredRight;
    // A cell wider than the room shows its left part, where its input and message start.
    scroller.scrollLeft =
      rect.width + MARGIN > room
        ? start - coveredLeft - MARGIN
        : end - scroller.clientWidth + coveredRight + MARGIN;
  }
}

/**
 * After a refused Save: the first cell of the row in edit that shows a message is scrolled into
 * view and its input takes the focus. A fixed cell is always in view, so the table scrolls to the
 * first message of the scrolling columns instead, showing both. A date cell is only shown:
 * focusing it opens its calendar, which would cover the message.
 */
export function revealFirstInvalidCell(scroller: HTMLElement, row: HTMLElement): HTMLElement | null {
  const cells = (Array.from(row.children) as HTMLElement[]).filter((c) =>
    c.querySelector('[aria-invalid="true"]'),
  );
  const first = cells[0];
  if (!first) return null;
  revealCell(scroller, cells.find((c) => !isSticky(c)) ?? first);
  // The page itself, when the row is above or below the window (sideways it is already in view).
  first.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  const input = first.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (input && !input.closest('[data-date-cell]')) input.focus({ preventScroll: true });
  return first;
}
