import { ANSWER_FIELDS, planCarry, type TAnswer, type TTicks } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { loadMoveMapping } from '../editions/move-store.ts';

/** The survey visit assessment whose ticks a new one copies, and how (spec 001 §5). */
export interface TickSource {
  id: number;
  /** The mapping from the source's edition to the new assessment's; null when both are on one edition. */
  mappingId: number | null;
}

/**
 * The practice's latest survey visit assessment on `editionId`, or on an older edition with a
 * mapping to it (docs/decisions/editions.md#copying-ticks): "Copy the tickboxes from the last
 * assessment" reaches across a change of edition. An assessment on an edition with no mapping to
 * this one is no source.
 */
export function findTickSource(q: Queryable, practiceId: number, editionId: number) {
  return q.maybeOne<TickSource>(sql`
    select a.id, m.id as "mappingId"
      from public.assessments a
      join public.accreditations acc on acc.id = a.accreditation_id
      left join public.edition_mappings m
        on m.from_version_id = a.survey_version_id and m.to_version_id = ${editionId}
     where acc.practice_id = ${practiceId} and a.type = 'SURVEY_VISIT'
       and (a.survey_version_id = ${editionId} or m.id is not null)
     order by a.created_at desc, a.id desc
     limit 1`);
}

/**
 * Copies the checklist ticks, and nothing else, of `source` onto the new assessment's responses:
 * as they are on one edition, through the mapping's item links across editions (the same plan a
 * move makes: `planCarry`). Returns how many responses received ticks.
 */
export async function copyTicks(q: Queryable, assessmentId: number, source: TickSource): Promise<number> {
  if (source.mappingId === null) {
    const copied = await q.many<{ id: number }>(sql`
      update public.indicator_responses r set checklists = s.checklists
        from public.indicator_responses s
       where r.assessment_id = ${assessmentId} and s.assessment_id = ${source.id}
         and s.indicator_id = r.indicator_id and not s.archived and s.checklists <> '{}'::jsonb
      returning r.id`);
    return copied.length;
  }
  const mapping = await loadMoveMapping(q, source.mappingId);
  if (!mapping) return 0;
  // Only the ticks travel: no answer, no observation (spec 001 §5).
  const noAnswer = Object.fromEntries(ANSWER_FIELDS.map((field) => [field, null])) as TAnswer;
  const older = await q.many<{ indicator_id: number; checklists: TTicks }>(sql`
    select indicator_id, checklists from public.indicator_responses
     where assessment_id = ${source.id} and not archived and checklists <> '{}'::jsonb`);
  const plan = planCarry({
    rows: mapping.rows,
    items: mapping.items,
    newerIndicatorIds: mapping.newer.map((indicator) => indicator.id),
    responses: new Map(
      older.map((r) => [
        r.indicator_id,
        { answer: noAnswer, observation: null, checklists: r.checklists, lastUpdatedById: null },
      ]),
    ),
    codeOf: (id) => mapping.codes.get(id) ?? String(id),
  }).filter((p) => Object.keys(p.checklists).length > 0);
  if (!plan.length) return 0;
  const copied = await q.many<{ id: number }>(sql`
    update public.indicator_responses r set checklists = p.checklists
      from jsonb_to_recordset(${JSON.stringify(
        plan.map((p) => ({ indicator_id: p.toIndicatorId, checklists: p.checklists })),
      )}::jsonb) as p(indicator_id integer, checklists jsonb)
     where r.assessment_id = ${assessmentId} and r.indicator_id = p.indicator_id and not r.archived
    returning r.id`);
  return copied.length;
}
