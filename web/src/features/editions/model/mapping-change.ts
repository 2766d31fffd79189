import { MAPPING_KIND_LABELS, type TMappingKind, type TMappingRow, type TMappingView } from '@portal/domain';

/** A row's targets as a list (none for RETIRED). */
export const targetsOfRow = (row: Pick<TMappingRow, 'to'>): string[] =>
  row.to === undefined ? [] : [row.to].flat();

/** "142 of 150 older indicators mapped (94.6%)". */
export function coverageText(coverage: TMappingView['coverage']): string {
  return `${coverage.mapped} of ${coverage.total} older indicator${coverage.total === 1 ? '' : 's'} mapped (${coverage.percent}%)`;
}

/** A row's items as read in the table: "1.1 → 1.1, 1.2 → C1.2B 2.1". */
export function itemsText(row: TMappingRow): string {
  const split = row.kind === 'SPLIT';
  return (row.items ?? [])
    .map((i) => `${i.from} → ${split && i.toIndicator ? `${i.toIndicator} ` : ''}${i.to}`)
    .join(', ');
}

/** What the change dialog holds: the kind, its targets, and (a merge) the other sources merged with it. */
export interface RowDraft {
  from: string;
  kind: TMappingKind;
  targets: string[];
  /** MERGED: the other older indicators merged into the same target, changed in the same request. */
  mergedWith: string[];
}

/** The dialog's start for an older indicator: its row as it is, or an equivalent with nothing chosen. */
export function draftOf(view: TMappingView, from: string): RowDraft {
  const row = view.indicators.find((r) => r.from === from);
  if (!row) return { from, kind: 'EQUIVALENT', targets: [], mergedWith: [] };
  const targets = targetsOfRow(row);
  const mergedWith =
    row.kind === 'MERGED'
      ? view.indicators
          .filter((r) => r.kind === 'MERGED' && r.from !== from && targetsOfRow(r)[0] === targets[0])
          .map((r) => r.from)
      : [];
  return { from, kind: row.kind, targets, mergedWith };
}

/** Why the draft cannot be sent yet (the screen's own check; the service checks the whole mapping), or null. */
export function draftProblem(draft: RowDraft): string | null {
  const n = draft.targets.length;
  if (draft.kind === 'EQUIVALENT' && n !== 1) return 'Choose the newer indicator it becomes.';
  if (draft.kind === 'SPLIT' && n < 2) return 'Choose two or more newer indicators it is split into.';
  if (draft.kind === 'MERGED' && n !== 1) return 'Choose the newer indicator it is merged into.';
  if (draft.kind === 'MERGED' && draft.mergedWith.length === 0)
    return 'Choose the other older indicators merged with it.';
  return null;
}

/**
 * The PATCH body of a draft: its row, and for a merge every source's row into the same target (a
 * merge changes its sources together). A row keeps the item links whose target it still has.
 */
export function changeOf(view: TMappingView, draft: RowDraft): { set: TMappingRow[] } {
  const rowOf = (from: string): TMappingRow => {
    const before = view.indicators.find((r) => r.from === from);
    const to =
      draft.kind === 'RETIRED' ? undefined : draft.kind === 'SPLIT' ? draft.targets : draft.targets[0];
    const targets = to === undefined ? [] : [to].flat();
    const items = (before?.items ?? [])
      .filter((i) => targets.includes(i.toIndicator ?? targetsOfRow(before!)[0] ?? ''))
      .map((i) =>
        draft.kind === 'SPLIT'
          ? { ...i, toIndicator: i.toIndicator ?? targetsOfRow(before!)[0] }
          : { from: i.from, to: i.to },
      );
    return {
      from,
      kind: draft.kind,
      ...(to === undefined ? {} : { to }),
      ...(items.length ? { items } : {}),
    };
  };
  const sources = draft.kind === 'MERGED' ? [draft.from, ...draft.mergedWith] : [draft.from];
  return { set: sources.map(rowOf) };
}

/** What the status says once a row is changed: "C1.3A is now Merged (n:1) into C1.2A, with C1.2B." */
export function changedText(draft: RowDraft): string {
  const kind = MAPPING_KIND_LABELS[draft.kind];
  if (draft.kind === 'RETIRED') return `${draft.from} is now ${kind}.`;
  const into = draft.kind === 'EQUIVALENT' ? 'to' : 'into';
  const withOthers = draft.kind === 'MERGED' ? `, with ${draft.mergedWith.join(', ')}` : '';
  return `${draft.from} is now ${kind} ${into} ${draft.targets.join(', ')}${withOthers}.`;
}
