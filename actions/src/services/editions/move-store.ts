import {
  ANSWER_FIELDS,
  type TAnswer,
  type TCarryItem,
  type TCarryRow,
  type TOlderResponse,
  type TPlannedIndicator,
} from '@portal/domain';
import { type SqlQuery, sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { IndicatorRef } from './mapping-store.ts';

/** A mapping as a move uses it: its rows and items with ids, the newer edition's indicators. */
export interface MoveMapping {
  id: number;
  fromVersionId: number;
  toVersionId: number;
  toStatus: string;
  rows: TCarryRow[];
  items: TCarryItem[];
  newer: IndicatorRef[];
  codes: Map<number, string>;
  /** Every indicator's name (both editions) by id. */
  names: Map<number, string>;
  /** Older indicators with no row: a move needs none. */
  unmapped: string[];
}

export async function loadMoveMapping(q: Queryable, id: number): Promise<MoveMapping | undefined> {
  const head = await q.maybeOne<{ from_version_id: number; to_version_id: number; status: string }>(sql`
    select m.from_version_id, m.to_version_id, v.status
      from public.edition_mappings m join public.survey_versions v on v.id = m.to_version_id where m.id = ${id}`);
  if (!head) return undefined;
  const rows = await q.many<TCarryRow>(sql`
    select from_indicator_id as "fromIndicatorId", kind, to_indicator_id as "toIndicatorId", position
      from public.edition_indicator_mappings where mapping_id = ${id} order by from_indicator_id, position`);
  const items = await q.many<TCarryItem>(sql`
    select fc.indicator_id as "fromIndicatorId", json_build_array(fc.question_number, t.item_number) as "from",
           tc.indicator_id as "toIndicatorId", json_build_array(tc.question_number, u.item_number) as "to"
      from public.edition_item_mappings x
      join public.checklist_items t on t.id = x.from_item_id join public.checklists fc on fc.id = t.checklist_id
      join public.checklist_items u on u.id = x.to_item_id join public.checklists tc on tc.id = u.checklist_id
     where x.mapping_id = ${id}`);
  const indicators = await q.many<IndicatorRef & { version: number }>(sql`
    select i.id, i.code, i.name, s.full_code as set, s.survey_version_id as version
      from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id in (${head.from_version_id}, ${head.to_version_id})
     order by s.sort_order, s.id, i.sort_order, i.id`);
  const mapped = new Set(rows.map((r) => r.fromIndicatorId));
  return {
    id,
    fromVersionId: head.from_version_id,
    toVersionId: head.to_version_id,
    toStatus: head.status,
    rows,
    items,
    newer: indicators.filter((i) => i.version === head.to_version_id),
    codes: new Map(indicators.map((i) => [i.id, i.code])),
    names: new Map(indicators.map((i) => [i.id, i.name])),
    unmapped: indicators
      .filter((i) => i.version === head.from_version_id && !mapped.has(i.id))
      .map((i) => i.code),
  };
}

/** An assessment as a move reads it. */
export interface MovableAssessment {
  id: number;
  accreditation_id: number;
  type: string;
  status: string;
  survey_version_id: number | null;
  moved_to_assessment_id: number | null;
  practice_id: number;
  practice_name: string;
  editing: number;
}

/** The assessment, locked for the move when `lock` (an edit in flight finishes first; later ones wait and are refused). */
export async function loadAssessment(
  q: Queryable,
  id: number,
  lock: boolean,
): Promise<MovableAssessment | undefined> {
  return q.maybeOne<MovableAssessment>(sql`
    select a.id, a.accreditation_id, a.type, a.status, a.survey_version_id, a.moved_to_assessment_id,
           acc.practice_id, o.name as practice_name,
           (select count(*)::int from public.indicator_locks l where l.assessment_id = a.id and l.expires_at > now()) as editing
      from public.assessments a join public.accreditations acc on acc.id = a.accreditation_id
      join public.organisations o on o.id = acc.practice_id
     where a.id = ${id} ${lock ? sql`for update of a` : sql``}`);
}

/** The older responses of an assessment by indicator, with their counts of comments and documents. */
export async function loadResponses(
  q: Queryable,
  assessmentId: number,
  withCounts = false,
): Promise<Map<number, TOlderResponse & { id: number; comments: number; documents: number }>> {
  const rows = await q.many<{
    id: number;
    indicator_id: number;
    answer: TAnswer;
    observation: string | null;
    checklists: TOlderResponse['checklists'];
    last_updated_by_id: number | null;
    comments: number;
    documents: number;
  }>(sql`
    select r.id, r.indicator_id, r.observation, r.checklists, r.last_updated_by_id,
           jsonb_build_object(${sql.join(
             ANSWER_FIELDS.map((f) => sql`${f}::text, ${sql.ident('r', f)}`),
             sql`, `,
           )}) as answer,
           ${
             withCounts
               ? sql`(select count(*)::int from public.comments c where c.indicator_response_id = r.id and not c.archived)`
               : sql`0`
           } as comments,
           ${
             withCounts
               ? sql`(select count(*)::int from public.documents d where d.indicator_response_id = r.id and not d.archived)`
               : sql`0`
           } as documents
      from public.indicator_responses r where r.assessment_id = ${assessmentId} and not r.archived`);
  return new Map(
    rows.map((r) => [
      r.indicator_id,
      {
        id: r.id,
        answer: r.answer,
        observation: r.observation,
        checklists: r.checklists,
        lastUpdatedById: r.last_updated_by_id,
        comments: r.comments,
        documents: r.documents,
      },
    ]),
  );
}

/**
 * Writes the copy of `from` in the newer edition (its caller's transaction holds the older
 * assessment's lock): the older one linked and read-only, the copy with its planned responses,
 * comments copied, evidence documents moved (and recorded for an undo), summaries and signed
 * agreements copied, the cycle on the newer edition. Returns the move's and the copy's ids.
 */
export async function writeMove(
  tx: Queryable,
  input: {
    mapping: MoveMapping;
    from: MovableAssessment;
    plan: TPlannedIndicator[];
    olderResponseIds: Map<number, number>;
    moverId: number;
  },
): Promise<{ moveId: number; assessmentId: number }> {
  const { mapping, from, plan } = input;
  // The older assessment leaves the live ones first (its copy takes its place in the uniques).
  const { id } = await tx.one<{ id: number }>(sql`
    update public.assessments set moved_to_assessment_id = nextval(pg_get_serial_sequence('public.assessments', 'id'))
     where id = ${from.id} returning moved_to_assessment_id as id`);
  const move = await tx.one<{ id: number }>(sql`
    with copy as (
      insert into public.assessments (id, accreditation_id, survey_visit_id, type, status, due_date, action_plan_due,
        copied_from_assessment_id, last_updated_by_id, created_at, repeat_assessment_required, survey_version_id)
      overriding system value
      select ${id}::int, accreditation_id, survey_visit_id, type, status, due_date, action_plan_due,
             copied_from_assessment_id, last_updated_by_id, created_at, repeat_assessment_required, ${mapping.toVersionId}::int
        from public.assessments where id = ${from.id}
      returning id)
    insert into public.assessment_moves (mapping_id, from_assessment_id, to_assessment_id, moved_by_id)
    select ${mapping.id}::int, ${from.id}::int, copy.id, ${input.moverId}::int from copy returning id`);
  const written = plan.filter((p) => p.write);
  const responses = await tx.many<{ id: number; indicator_id: number }>(sql`
    insert into public.indicator_responses (assessment_id, indicator_id, ${sql.join(
      ANSWER_FIELDS.map((f) => sql.ident(f)),
      sql`, `,
    )}, observation, checklists, last_updated_by_id, new_in_edition, review_after_move)
    select ${id}::int, p.indicator_id, ${sql.join(
      ANSWER_FIELDS.map(
        (f) => sql`coalesce((p.answer ->> ${f}::text)::${FIELD_TYPES[f]}, ${sql.ident('d', f)})`,
      ),
      sql`, `,
    )}, p.observation, p.checklists, p.last_updated_by_id, p.new_in_edition, p.review_after_move
      from jsonb_to_recordset(${JSON.stringify(
        written.map((p) => ({
          indicator_id: p.toIndicatorId,
          answer: p.answer ?? {},
          observation: p.observation,
          checklists: p.checklists,
          last_updated_by_id: p.lastUpdatedById,
          new_in_edition: p.newInEdition,
          review_after_move: p.reviewAfterMove,
        })),
      )}::jsonb) as p(indicator_id integer, answer jsonb, observation text, checklists jsonb,
        last_updated_by_id integer, new_in_edition boolean, review_after_move boolean)
      left join (select false as is_marked_complete, false as further_action_required, false as reviewed,
                        'OPEN'::text as non_conformity_status, false as refer_to_ca,
                        null::date as date_closed, null::text as compliance, null::text as non_compliance_statement,
                        null::text as non_compliance_type, null::text as risk_type, null::text as risk_likelihood,
                        null::text as risk_impact, null::text as risk_rating, null::integer as nc_status_created_by_id,
                        null::text as action_plan) d on true
    returning id, indicator_id`);
  const newer = new Map(responses.map((r) => [r.indicator_id, r.id]));
  // Each older response's comments go to every indicator it maps to; its documents to the first.
  const links = mapping.rows.flatMap((row) => {
    const older = input.olderResponseIds.get(row.fromIndicatorId);
    const target = row.toIndicatorId === null ? undefined : newer.get(row.toIndicatorId);
    return older && target ? [{ older, newer: target, first: row.position === 1 }] : [];
  });
  await tx.many(sql`
    with links as (
      select * from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as l(older integer, newer integer, first boolean)),
    copied_comments as (
      insert into public.comments (practice_id, indicator_response_id, comment, practice_relationship, created_by_id, created_at)
      select c.practice_id, l.newer, c.comment, c.practice_relationship, c.created_by_id, c.created_at
        from links l join public.comments c on c.indicator_response_id = l.older and not c.archived
       order by c.created_at, c.id
      returning 1),
    moved_documents as (
      update public.documents d set indicator_response_id = l.newer
        from links l where l.first and d.indicator_response_id = l.older and not d.archived
      returning d.id, l.older),
    recorded as (
      insert into public.assessment_move_documents (move_id, document_id, from_response_id)
      select ${move.id}::int, id, older from moved_documents returning 1),
    summaries as (
      insert into public.general_comments (assessment_id, user_id, text, archived, created_at)
      select ${id}::int, user_id, text, archived, created_at from public.general_comments where assessment_id = ${from.id}
      returning 1),
    agreements as (
      insert into public.confidentiality_signs (assessment_id, user_id, agreement_version, signed_at)
      select ${id}::int, user_id, agreement_version, signed_at from public.confidentiality_signs where assessment_id = ${from.id}
      returning 1)
    update public.accreditations set survey_version_id = ${mapping.toVersionId}
     where id = ${from.accreditation_id} and survey_version_id is distinct from ${mapping.toVersionId}`);
  return { moveId: move.id, assessmentId: id };
}

/** The SQL type of each answer column, to read it back from the plan's JSON. */
const FIELD_TYPES: Record<(typeof ANSWER_FIELDS)[number], SqlQuery> = {
  compliance: sql`text`,
  is_marked_complete: sql`boolean`,
  further_action_required: sql`boolean`,
  reviewed: sql`boolean`,
  non_conformity_status: sql`text`,
  refer_to_ca: sql`boolean`,
  date_closed: sql`date`,
  non_compliance_statement: sql`text`,
  non_compliance_type: sql`text`,
  risk_type: sql`text`,
  risk_likelihood: sql`text`,
  risk_impact: sql`text`,
  risk_rating: sql`text`,
  nc_status_created_by_id: sql`integer`,
  action_plan: sql`text`,
};
