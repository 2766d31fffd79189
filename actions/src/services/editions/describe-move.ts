import { planCarry, type TEditionChangeIndicator } from '@portal/domain';
import type { Queryable } from '../../plugins/app/db.ts';
import { loadResponses, type MoveMapping } from './move-store.ts';

/** One newer indicator in a dry run (the shape "What changes for us" shows too). */
export type DryRunIndicator = TEditionChangeIndicator;

/** What a move does to one assessment's answers: every newer indicator, and the older ones retired. */
export interface MoveDescription {
  indicators: DryRunIndicator[];
  /** Older indicators retired in the newer edition whose answer stays in the older assessment only. */
  retired: Array<{ code: string; name: string; answered: boolean }>;
}

/**
 * Plans the move of one assessment's answers (the plan a move writes); `withCounts` also counts
 * each response's comments and documents (a description shows them; a move does not need them).
 */
export async function planOne(q: Queryable, mapping: MoveMapping, assessmentId: number, withCounts = false) {
  const responses = await loadResponses(q, assessmentId, withCounts);
  const plan = planCarry({
    rows: mapping.rows,
    items: mapping.items,
    newerIndicatorIds: mapping.newer.map((i) => i.id),
    responses,
    codeOf: (id) => mapping.codes.get(id) ?? String(id),
  });
  return { responses, plan };
}

/**
 * What moving the assessment with the mapping does (or did: a moved assessment's answers are
 * read-only, so its description stays what was carried), indicator by indicator. The one
 * computation of the dry run and of "What changes for us". Changes nothing.
 */
export async function describeMove(
  q: Queryable,
  mapping: MoveMapping,
  assessmentId: number,
): Promise<MoveDescription> {
  const { responses, plan } = await planOne(q, mapping, assessmentId, true);
  const names = new Map(mapping.newer.map((i) => [i.id, i]));
  const indicators = plan.map((p): DryRunIndicator => {
    const sources = p.sources.map((s) => responses.get(s));
    return {
      code: names.get(p.toIndicatorId)!.code,
      name: names.get(p.toIndicatorId)!.name,
      // A newer indicator is a target, so never of a RETIRED row.
      outcome: p.outcome as DryRunIndicator['outcome'],
      from: p.sources.map((s) => mapping.codes.get(s)!),
      flag: p.newInEdition ? 'NEW' : p.reviewAfterMove ? 'CHANGED' : null,
      answer: p.answer ? 'carried' : p.disagreed ? 'sources differ' : 'none',
      compliance: p.answer?.compliance ?? null,
      ticks: p.ticks,
      observation: p.observation !== null,
      comments: sources.reduce((n, r) => n + (r?.comments ?? 0), 0),
      documents: p.sources.reduce(
        (n, s) =>
          n +
          (mapping.rows.some(
            (r) => r.fromIndicatorId === s && r.toIndicatorId === p.toIndicatorId && r.position === 1,
          )
            ? (responses.get(s)?.documents ?? 0)
            : 0),
        0,
      ),
    };
  });
  const retired = mapping.rows
    .filter((r) => r.kind === 'RETIRED')
    .map((r) => ({
      code: mapping.codes.get(r.fromIndicatorId)!,
      name: mapping.names.get(r.fromIndicatorId) ?? '',
      answered: responses.has(r.fromIndicatorId),
    }));
  return { indicators, retired };
}
