import {
  MAPPING_FILE_FORMAT,
  type TEditionIssue,
  type TEditionStatus,
  type TIndicatorMapping,
  type TMappingFile,
  type TMappingKind,
  targetsOf,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** An edition as a mapping names it. */
export interface EditionRef {
  id: number;
  code: string;
  name: string;
  status: TEditionStatus;
}

/** An indicator of an edition, in the edition's order. */
export interface IndicatorRef {
  id: number;
  code: string;
  name: string;
  set: string;
}

/** An edition's indicators by code (lower case) and its checklist items by indicator and "q.i". */
export interface EditionIndex {
  indicators: IndicatorRef[];
  byCode: Map<string, IndicatorRef>;
  items: Map<string, number>;
}

/** A mapping row with ids, as stored. */
export interface ResolvedRow {
  fromId: number;
  kind: TMappingKind;
  toIds: number[];
  items: Array<{ fromItemId: number; toItemId: number }>;
}

/** An edition by its code (case does not matter) or id. */
export async function findEdition(
  q: Queryable,
  by: { code: string } | { id: number },
): Promise<EditionRef | undefined> {
  return 'code' in by
    ? q.maybeOne<EditionRef>(
        sql`select id, code, name, status from public.survey_versions where lower(code) = lower(${by.code})`,
      )
    : q.maybeOne<EditionRef>(
        sql`select id, code, name, status from public.survey_versions where id = ${by.id}`,
      );
}

/** The edition's indicators and checklist items, to resolve codes and item numbers. */
export async function indexEdition(q: Queryable, editionId: number): Promise<EditionIndex> {
  const indicators = await q.many<IndicatorRef>(sql`
    select i.id, i.code, i.name, s.full_code as set
      from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${editionId} order by s.sort_order, s.id, i.sort_order, i.id`);
  const items = await q.many<{ id: number; indicator_id: number; number: string }>(sql`
    select t.id, c.indicator_id, c.question_number || '.' || t.item_number as number
      from public.checklist_items t join public.checklists c on c.id = t.checklist_id
      join public.indicators i on i.id = c.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${editionId}`);
  return {
    indicators,
    byCode: new Map(indicators.map((i) => [i.code.toLowerCase(), i])),
    items: new Map(items.map((t) => [`${t.indicator_id}:${t.number}`, t.id])),
  };
}

/**
 * Mapping rows with their codes and item numbers turned into ids: the rows, or every code and
 * item that is not of its edition (at `at(r)`, the row's place).
 */
export function resolveRows(
  rows: readonly TIndicatorMapping[],
  from: EditionIndex,
  to: EditionIndex,
  at: (r: number) => PropertyKey[],
): { rows: ResolvedRow[]; issues: TEditionIssue[] } {
  const issues: TEditionIssue[] = [];
  const resolved: ResolvedRow[] = [];
  for (const [r, row] of rows.entries()) {
    const source = from.byCode.get(row.from.toLowerCase());
    if (!source)
      issues.push({ path: [...at(r), 'from'], message: `The older edition has no indicator ${row.from}.` });
    const targets = targetsOf(row).map((code, t) => {
      const target = to.byCode.get(code.toLowerCase());
      if (!target)
        issues.push({
          path: [...at(r), 'to', ...(Array.isArray(row.to) ? [t] : [])],
          message: `The newer edition has no indicator ${code}.`,
        });
      return target;
    });
    const items: ResolvedRow['items'] = [];
    for (const [n, item] of row.items.entries()) {
      const target = item.toIndicator ? to.byCode.get(item.toIndicator.toLowerCase()) : targets[0];
      const fromItemId = source && from.items.get(`${source.id}:${item.from}`);
      const toItemId = target && to.items.get(`${target.id}:${item.to}`);
      if (source && !fromItemId)
        issues.push({
          path: [...at(r), 'items', n, 'from'],
          message: `${row.from} has no checklist item ${item.from} (question ${item.from.replace('.', ', item ')}).`,
        });
      if (target && !toItemId)
        issues.push({
          path: [...at(r), 'items', n, 'to'],
          message: `${target.code} has no checklist item ${item.to} (question ${item.to.replace('.', ', item ')}).`,
        });
      if (fromItemId && toItemId) items.push({ fromItemId, toItemId });
    }
    if (source && targets.every(Boolean))
      resolved.push({ fromId: source.id, kind: row.kind, toIds: targets.map((t) => t!.id), items });
  }
  return { rows: resolved, issues };
}

/** Replaces the rows of the older indicators `fromIds` (all of them: `'all'`) by `rows`, in the caller's transaction. */
export async function writeRows(
  q: Queryable,
  mappingId: number,
  fromIds: number[] | 'all',
  rows: ResolvedRow[],
): Promise<void> {
  const all = fromIds === 'all';
  const ids = all ? [] : fromIds;
  await q.many(sql`
    delete from public.edition_item_mappings x using public.checklist_items t, public.checklists c
     where x.mapping_id = ${mappingId} and t.id = x.from_item_id and c.id = t.checklist_id
       and (${all} or c.indicator_id = any(${ids}::int[]))`);
  await q.many(sql`
    delete from public.edition_indicator_mappings
     where mapping_id = ${mappingId} and (${all} or from_indicator_id = any(${ids}::int[]))`);
  const indicatorRows = rows.flatMap<{ from: number; kind: string; to: number | null; position: number }>(
    (row) =>
      row.kind === 'RETIRED'
        ? [{ from: row.fromId, kind: row.kind, to: null, position: 1 }]
        : row.toIds.map((to, p) => ({ from: row.fromId, kind: row.kind, to, position: p + 1 })),
  );
  await q.many(sql`
    insert into public.edition_indicator_mappings (mapping_id, from_indicator_id, kind, to_indicator_id, position)
    select ${mappingId}::int, r.from, r.kind, r.to, r.position
      from jsonb_to_recordset(${JSON.stringify(indicatorRows)}::jsonb) as r("from" integer, kind text, "to" integer, position integer)`);
  const itemRows = rows.flatMap((row) => row.items.map((i) => ({ from: i.fromItemId, to: i.toItemId })));
  await q.many(sql`
    insert into public.edition_item_mappings (mapping_id, from_item_id, to_item_id)
    select distinct ${mappingId}::int, r.from, r.to
      from jsonb_to_recordset(${JSON.stringify(itemRows)}::jsonb) as r("from" integer, "to" integer)`);
  await q.many(sql`update public.edition_mappings set updated_at = now() where id = ${mappingId}`);
}

/** The stored mapping as its file: the older indicators in their edition's order, items by number. */
export async function loadMappingFile(
  q: Queryable,
  mapping: { id: number; from: EditionRef; to: EditionRef },
): Promise<TMappingFile> {
  const rows = await q.many<{ from_code: string; kind: TMappingKind; to_code: string | null }>(sql`
    select fi.code as from_code, r.kind, ti.code as to_code
      from public.edition_indicator_mappings r
      join public.indicators fi on fi.id = r.from_indicator_id
      join public.indicator_sets fs on fs.id = fi.indicator_set_id
      left join public.indicators ti on ti.id = r.to_indicator_id
     where r.mapping_id = ${mapping.id}
     order by fs.sort_order, fs.id, fi.sort_order, fi.id, r.position, ti.id`);
  const items = await q.many<{ from_code: string; from_no: string; to_code: string; to_no: string }>(sql`
    select fi.code as from_code, fc.question_number || '.' || t.item_number as from_no,
           ti.code as to_code, tc.question_number || '.' || u.item_number as to_no
      from public.edition_item_mappings x
      join public.checklist_items t on t.id = x.from_item_id join public.checklists fc on fc.id = t.checklist_id
      join public.indicators fi on fi.id = fc.indicator_id
      join public.checklist_items u on u.id = x.to_item_id join public.checklists tc on tc.id = u.checklist_id
      join public.indicators ti on ti.id = tc.indicator_id
     where x.mapping_id = ${mapping.id}
     order by fc.question_number, t.item_number, tc.question_number, u.item_number, ti.id`);
  const indicators: TIndicatorMapping[] = [];
  for (const row of rows) {
    const last = indicators.at(-1);
    if (last?.from === row.from_code) last.to = [...targetsOf(last), row.to_code!];
    else indicators.push({ from: row.from_code, kind: row.kind, to: row.to_code ?? undefined, items: [] });
  }
  for (const row of indicators) {
    row.items = items
      .filter((i) => i.from_code === row.from)
      .map((i) => ({
        from: i.from_no,
        to: i.to_no,
        ...(row.kind === 'SPLIT' ? { toIndicator: i.to_code } : {}),
      }));
  }
  return { format: MAPPING_FILE_FORMAT, from: mapping.from.code, to: mapping.to.code, indicators };
}
