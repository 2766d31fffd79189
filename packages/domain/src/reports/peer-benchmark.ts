import { MIN_AGGREGATE_PRACTICES, type TReportColumn, type TReportTable } from './report-table.ts';

/**
 * Peer benchmarking (the comparative report): one practice's figure against a group of
 * its peers (its network, its state, all practices on the same standards edition), in the manner
 * of peer benchmarking in hospital accreditation:
 *
 * - The group is the OTHER practices of the network, state or country that have the figure; the
 *   practice itself is never in it, so nothing can be worked out by taking the practice's own
 *   figure away from a group figure.
 * - A group of fewer than `MIN_AGGREGATE_PRACTICES` peers is withheld whole (size, quartiles and
 *   the percentile), shown as `WITHHELD_AGGREGATE_NOTE`.
 * - The group is described by its quartiles: p25, median and p75, each PostgreSQL's
 *   `percentile_cont` (linear interpolation between the nearest ranks, as a spreadsheet's
 *   PERCENTILE.INC).
 * - The practice's percentile rank in the group is the mid-rank one:
 *   100 × (peers below + ½ × peers equal) / peers, rounded to a whole number. It reads the same
 *   way for every figure: 0 is the lowest value, 100 the highest (for a met rate high is good, for
 *   non-conformities and days low is good).
 */

export const WITHHELD_AGGREGATE_NOTE = `Not shown: fewer than ${MIN_AGGREGATE_PRACTICES} practices`;

/** What the database counts of one group for one figure (the practice's value compared). */
export interface TPeerGroupCounts {
  /** Peers with the figure (the practice not counted). */
  peers: number;
  p25: number | null;
  median: number | null;
  p75: number | null;
  /** Peers whose value is below / equal to the practice's value (0 when it has none). */
  below: number;
  equal: number;
}

export type TPeerComparison =
  | { shown: false; note: string }
  | { shown: true; peers: number; p25: number; median: number; p75: number; percentile: number | null };

/** The practice's mid-rank percentile among `peers` values (null without a value or peers). */
export function percentileRank(below: number, equal: number, peers: number): number | null {
  if (peers <= 0) return null;
  return Math.round((100 * (below + equal / 2)) / peers);
}

/** The group's figures as the report may show them, or withheld when too few peers have one. */
export function comparePeers(counts: TPeerGroupCounts, practiceValue: number | null): TPeerComparison {
  if (
    counts.peers < MIN_AGGREGATE_PRACTICES ||
    counts.p25 === null ||
    counts.median === null ||
    counts.p75 === null
  ) {
    return { shown: false, note: WITHHELD_AGGREGATE_NOTE };
  }
  return {
    shown: true,
    peers: counts.peers,
    p25: counts.p25,
    median: counts.median,
    p75: counts.p75,
    percentile: practiceValue === null ? null : percentileRank(counts.below, counts.equal, counts.peers),
  };
}

/** The groups a practice is compared with, in report order. */
export const PEER_GROUPS = ['network', 'state', 'all'] as const;
export type TPeerGroup = (typeof PEER_GROUPS)[number];

/** The label of a group row: 'Network: Coastal Health', 'State: NSW', 'All practices'. */
export function peerGroupLabel(group: TPeerGroup, name: string | null): string {
  if (group === 'all') return 'All practices';
  if (group === 'network') return name ? `Network: ${name}` : 'Network';
  return name ? `State: ${name}` : 'State';
}

/** Why a group has no row of figures although it is not withheld for its size. */
export const NO_NETWORK_NOTE = 'Not in a network';
export const NO_STATE_NOTE = 'No state on the practice address';

/**
 * The columns of every comparative table after its first one (the standard, rating or measure):
 * which group, its size, the practice's value, the group's quartiles, the practice's percentile.
 */
export function peerColumns(valueKind: TReportColumn['kind']): TReportColumn[] {
  return [
    { key: 'group', label: 'Compared with', kind: 'text' },
    { key: 'peers', label: 'Peer practices', kind: 'count' },
    { key: 'practice', label: 'This practice', kind: valueKind },
    { key: 'p25', label: '25th percentile', kind: valueKind },
    { key: 'median', label: 'Median', kind: valueKind },
    { key: 'p75', label: '75th percentile', kind: valueKind },
    { key: 'percentile', label: 'Percentile rank', kind: 'count' },
    { key: 'note', label: 'Note', kind: 'text' },
  ];
}

/** One table row of a figure against one group (the first column set by the caller). */
export function peerRow(
  first: Record<string, string>,
  groupLabel: string,
  practiceValue: number | null,
  comparison: TPeerComparison | { shown: false; note: string },
): TReportTable['rows'][number] {
  if (!comparison.shown) {
    return {
      ...first,
      group: groupLabel,
      peers: null,
      practice: practiceValue,
      p25: null,
      median: null,
      p75: null,
      percentile: null,
      note: comparison.note,
    };
  }
  return {
    ...first,
    group: groupLabel,
    peers: comparison.peers,
    practice: practiceValue,
    p25: comparison.p25,
    median: comparison.median,
    p75: comparison.p75,
    percentile: comparison.percentile,
    note: practiceValue === null ? 'No figure for this practice' : null,
  };
}
