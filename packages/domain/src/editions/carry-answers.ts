import type { TMappingKind } from './mapping-file.ts';

/**
 * What moving an assessment to a newer edition carries, indicator by indicator (issue 30,
 * docs/decisions/editions.md, "Moving a practice"). The one rule for split and merged indicators:
 * a newer indicator takes the answer its sources agree on. One source (equivalent, split) always
 * agrees: its whole answer is copied. Several sources (merged) agree when every one of them gave
 * the same answer (an unanswered source differs from an answered one); when they differ, the
 * newer indicator starts unanswered. Either way the observations of every source are kept (a
 * merge's prefixed by their indicator's code), ticks follow the item mapping (a tick on any
 * source item ticks its newer item), and comments and evidence documents follow too. Split and
 * merged indicators are flagged "Changed — review"; indicators nothing maps to start empty and
 * are flagged "New in this edition"; a retired indicator's answer stays in the older assessment.
 */

/** The columns of a response that make its answer (compared whole for a merge). */
export const ANSWER_FIELDS = [
  'compliance',
  'is_marked_complete',
  'further_action_required',
  'reviewed',
  'non_conformity_status',
  'refer_to_ca',
  'date_closed',
  'non_compliance_statement',
  'non_compliance_type',
  'risk_type',
  'risk_likelihood',
  'risk_impact',
  'risk_rating',
  'nc_status_created_by_id',
  'action_plan',
] as const;
export type TAnswerField = (typeof ANSWER_FIELDS)[number];
export type TAnswer = Record<TAnswerField, unknown>;
export type TTicks = Record<string, Record<string, boolean>>;

/** An older response as the move reads it. */
export interface TOlderResponse {
  answer: TAnswer;
  observation: string | null;
  checklists: TTicks;
  lastUpdatedById: number | null;
}

/** A row of a mapping: an older indicator, its kind, one target (RETIRED: none). */
export interface TCarryRow {
  fromIndicatorId: number;
  kind: TMappingKind;
  toIndicatorId: number | null;
  position: number;
}

/** An item that carries over, by indicators and numbers. */
export interface TCarryItem {
  fromIndicatorId: number;
  from: [question: number, item: number];
  toIndicatorId: number;
  to: [question: number, item: number];
}

/** What a newer indicator receives. */
export interface TPlannedIndicator {
  toIndicatorId: number;
  /** EQUIVALENT, SPLIT or MERGED from its sources; NEW when nothing maps to it. */
  outcome: TMappingKind | 'NEW';
  sources: number[];
  /** Whether a response is written (a source was answered, or the indicator is new). */
  write: boolean;
  /** The answer carried; null when there is none or the sources of a merge disagree. */
  answer: TAnswer | null;
  disagreed: boolean;
  observation: string | null;
  checklists: TTicks;
  ticks: number;
  lastUpdatedById: number | null;
  newInEdition: boolean;
  reviewAfterMove: boolean;
}

const answered = (answer: TAnswer | null) =>
  answer !== null && (answer.compliance !== null || answer.is_marked_complete === true);

/** Plans the move of one assessment: every newer indicator, in the order given. */
export function planCarry(input: {
  rows: readonly TCarryRow[];
  items: readonly TCarryItem[];
  newerIndicatorIds: readonly number[];
  responses: ReadonlyMap<number, TOlderResponse>;
  codeOf: (indicatorId: number) => string;
}): TPlannedIndicator[] {
  const sourcesOf = new Map<number, TCarryRow[]>();
  for (const row of input.rows)
    if (row.toIndicatorId !== null)
      sourcesOf.set(row.toIndicatorId, [...(sourcesOf.get(row.toIndicatorId) ?? []), row]);
  return input.newerIndicatorIds.map((toIndicatorId) => {
    const rows = sourcesOf.get(toIndicatorId) ?? [];
    if (!rows.length)
      return {
        toIndicatorId,
        outcome: 'NEW',
        sources: [],
        write: true,
        answer: null,
        disagreed: false,
        observation: null,
        checklists: {},
        ticks: 0,
        lastUpdatedById: null,
        newInEdition: true,
        reviewAfterMove: false,
      };
    const outcome = rows[0]!.kind;
    const sources = rows.map((r) => r.fromIndicatorId);
    const older = sources.map((id) => input.responses.get(id) ?? null);
    const keys = older.map((r) => (r && answered(r.answer) ? JSON.stringify(r.answer) : null));
    const agreed = keys.every((k) => k === keys[0]);
    const first = older.find((r) => r !== null) ?? null;
    const answer = agreed && keys[0] !== null ? first!.answer : null;
    const notes = sources.flatMap((id, s) => {
      const text = older[s]?.observation?.trim();
      return text ? [sources.length > 1 ? `[${input.codeOf(id)}] ${text}` : text] : [];
    });
    const checklists: TTicks = {};
    let ticks = 0;
    for (const item of input.items) {
      if (item.toIndicatorId !== toIndicatorId || !sources.includes(item.fromIndicatorId)) continue;
      const value = input.responses.get(item.fromIndicatorId)?.checklists[item.from[0]]?.[item.from[1]];
      if (value === undefined) continue;
      checklists[item.to[0]] ??= {};
      const question = checklists[item.to[0]]!;
      question[item.to[1]] = question[item.to[1]] === true || value;
      if (value) ticks++;
    }
    return {
      toIndicatorId,
      outcome,
      sources,
      write: older.some((r) => r !== null),
      answer,
      disagreed: !agreed,
      observation: notes.length ? notes.join('\n\n') : null,
      checklists,
      ticks,
      lastUpdatedById: first?.lastUpdatedById ?? null,
      newInEdition: false,
      reviewAfterMove: outcome !== 'EQUIVALENT' && older.some((r) => r !== null),
    };
  });
}
