import type { TEditionFile, TEditionStatus, TEditionSummary } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** An edition as the admin area lists it. */
export type EditionSummary = TEditionSummary;

const rows = (value: unknown) => JSON.stringify(value);

/**
 * Stores a checked edition file as a DRAFT edition, its sets, indicators, checklist questions
 * and items, and the indicators' resources: one statement per table, in the caller's transaction.
 * Positions in the file are the numbers and orders.
 */
export async function insertEdition(tx: Queryable, edition: TEditionFile): Promise<{ id: number }> {
  const version = await tx.one<{ id: number }>(sql`
    insert into public.survey_versions (code, name, effective_from, status)
    values (${edition.code}, ${edition.name}, ${edition.effectiveFrom ?? null}, 'DRAFT')
    returning id`);
  const sets = await tx.many<{ id: number; sort_order: number }>(sql`
    insert into public.indicator_sets (survey_version_id, name, full_code, type, sort_order)
    select ${version.id}, s.name, s.code, s.type, s.sort_order
      from jsonb_to_recordset(${rows(
        edition.sets.map((set, index) => ({
          name: set.name,
          code: set.code,
          type: set.type,
          sort_order: index + 1,
        })),
      )}::jsonb) as s(name text, code text, type text, sort_order integer)
    returning id, sort_order`);
  const setIds = new Map(sets.map((set) => [set.sort_order, set.id]));
  const indicatorRows = edition.sets.flatMap((set, s) =>
    set.indicators.map((indicator, i) => ({
      set_id: setIds.get(s + 1),
      code: indicator.code,
      name: indicator.name,
      criterion_code: indicator.criterion ?? null,
      description: indicator.description ?? null,
      sort_order: i + 1,
      flagged: indicator.flagged,
      mandatory: indicator.mandatory,
      evidence_lookback_months: indicator.evidenceLookbackMonths ?? null,
    })),
  );
  const indicators = await tx.many<{ id: number; code: string }>(sql`
    insert into public.indicators
      (indicator_set_id, code, name, criterion_code, description, sort_order, flagged, mandatory, evidence_lookback_months)
    select i.set_id, i.code, i.name, i.criterion_code, i.description, i.sort_order, i.flagged, i.mandatory, i.evidence_lookback_months
      from jsonb_to_recordset(${rows(indicatorRows)}::jsonb) as i(set_id integer, code text, name text,
        criterion_code text, description text, sort_order integer, flagged boolean, mandatory boolean,
        evidence_lookback_months integer)
    returning id, code`);
  const indicatorIds = new Map(indicators.map((indicator) => [indicator.code, indicator.id]));
  const all = edition.sets.flatMap((set) => set.indicators);
  const checklists = await tx.many<{ id: number; indicator_id: number; question_number: number }>(sql`
    insert into public.checklists (indicator_id, question_number, question_text)
    select c.indicator_id, c.question_number, c.question_text
      from jsonb_to_recordset(${rows(
        all.flatMap((indicator) =>
          indicator.checklists.map((checklist, q) => ({
            indicator_id: indicatorIds.get(indicator.code),
            question_number: q + 1,
            question_text: checklist.question,
          })),
        ),
      )}::jsonb) as c(indicator_id integer, question_number integer, question_text text)
    returning id, indicator_id, question_number`);
  const checklistIds = new Map(checklists.map((c) => [`${c.indicator_id}:${c.question_number}`, c.id]));
  await tx.many(sql`
    insert into public.checklist_items (checklist_id, item_number, item_text, must_have)
    select t.checklist_id, t.item_number, t.item_text, t.must_have
      from jsonb_to_recordset(${rows(
        all.flatMap((indicator) =>
          indicator.checklists.flatMap((checklist, q) =>
            checklist.items.map((item, n) => ({
              checklist_id: checklistIds.get(`${indicatorIds.get(indicator.code)}:${q + 1}`),
              item_number: n + 1,
              item_text: item.text,
              must_have: item.mustHave,
            })),
          ),
        ),
      )}::jsonb) as t(checklist_id integer, item_number integer, item_text text, must_have boolean)`);
  await tx.many(sql`
    insert into public.indicator_resources (indicator_id, kind, name, url, storage_key, file_type, for_pm, for_surveyor)
    select r.indicator_id, 'INDICATOR', r.name, r.url, r.storage_key, r.file_type, r.for_pm, r.for_surveyor
      from jsonb_to_recordset(${rows(
        all.flatMap((indicator) =>
          indicator.resources.map((resource) => ({
            indicator_id: indicatorIds.get(indicator.code),
            name: resource.name,
            url: resource.url ?? null,
            storage_key: resource.storedFile ?? null,
            file_type: resource.fileType ?? null,
            for_pm: resource.forPracticeManager,
            for_surveyor: resource.forSurveyor,
          })),
        ),
      )}::jsonb) as r(indicator_id integer, name text, url text, storage_key text, file_type text,
        for_pm boolean, for_surveyor boolean)`);
  return { id: version.id };
}

/** The stored files the edition's resources name that are not files of this installation's indicator resources. */
export async function unknownStoredFiles(q: Queryable, edition: TEditionFile): Promise<string[]> {
  const keys = [
    ...new Set(
      edition.sets.flatMap((s) =>
        s.indicators.flatMap((i) => i.resources.flatMap((r) => r.storedFile ?? [])),
      ),
    ),
  ];
  if (!keys.length) return [];
  const known = await q.many<{ key: string }>(sql`
    select distinct storage_key as key from public.indicator_resources
     where kind = 'INDICATOR' and storage_key = any(${keys}::text[])`);
  const found = new Set(known.map((k) => k.key));
  return keys.filter((key) => !found.has(key));
}

/**
 * The edition read back as its file (every set, indicator, question, item and live resource, in
 * order); absent values stay undefined, which the canonical file leaves out.
 */
export async function loadEdition(
  q: Queryable,
  id: number,
): Promise<(TEditionFile & { status: TEditionStatus }) | null> {
  const version = await q.maybeOne<{
    code: string;
    name: string;
    effective_from: string | null;
    status: TEditionStatus;
  }>(sql`
    select code, name, to_char(effective_from, 'YYYY-MM-DD') as effective_from, status
      from public.survey_versions where id = ${id}`);
  if (!version) return null;
  const sets = await q.many<{ id: number; code: string; name: string; type: 'STANDARDS' | 'MODULE' }>(sql`
    select id, full_code as code, name, type from public.indicator_sets
     where survey_version_id = ${id} order by sort_order, id`);
  const indicators = await q.many<{
    id: number;
    set_id: number;
    code: string;
    criterion_code: string | null;
    name: string;
    description: string | null;
    mandatory: boolean;
    flagged: boolean;
    evidence_lookback_months: number | null;
  }>(sql`
    select i.id, i.indicator_set_id as set_id, i.code, i.criterion_code, i.name, i.description, i.mandatory,
           i.flagged, i.evidence_lookback_months
      from public.indicators i join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${id} order by i.sort_order, i.id`);
  const questions = await q.many<{ id: number; indicator_id: number; question_text: string }>(sql`
    select c.id, c.indicator_id, c.question_text
      from public.checklists c join public.indicators i on i.id = c.indicator_id
      join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${id} order by c.question_number, c.id`);
  const items = await q.many<{ checklist_id: number; item_text: string; must_have: boolean }>(sql`
    select t.checklist_id, t.item_text, t.must_have
      from public.checklist_items t join public.checklists c on c.id = t.checklist_id
      join public.indicators i on i.id = c.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${id} order by t.item_number, t.id`);
  const resources = await q.many<{
    indicator_id: number;
    name: string;
    url: string | null;
    storage_key: string | null;
    file_type: string | null;
    for_pm: boolean;
    for_surveyor: boolean;
  }>(sql`
    select r.indicator_id, r.name, r.url, r.storage_key, r.file_type, r.for_pm, r.for_surveyor
      from public.indicator_resources r join public.indicators i on i.id = r.indicator_id
      join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${id} and r.kind = 'INDICATOR' and not r.archived order by r.id`);
  const group = <T, K>(list: T[], key: (item: T) => K) => {
    const map = new Map<K, T[]>();
    for (const item of list) map.set(key(item), [...(map.get(key(item)) ?? []), item]);
    return map;
  };
  const indicatorsOf = group(indicators, (i) => i.set_id);
  const questionsOf = group(questions, (c) => c.indicator_id);
  const itemsOf = group(items, (t) => t.checklist_id);
  const resourcesOf = group(resources, (r) => r.indicator_id);
  return {
    format: 'portal-edition/1',
    code: version.code,
    name: version.name,
    status: version.status,
    effectiveFrom: version.effective_from ?? undefined,
    sets: sets.map((set) => ({
      code: set.code,
      name: set.name,
      type: set.type,
      indicators: (indicatorsOf.get(set.id) ?? []).map((indicator) => ({
        code: indicator.code,
        criterion: indicator.criterion_code ?? undefined,
        name: indicator.name,
        description: indicator.description ?? undefined,
        mandatory: indicator.mandatory,
        flagged: indicator.flagged,
        evidenceLookbackMonths: indicator.evidence_lookback_months ?? undefined,
        checklists: (questionsOf.get(indicator.id) ?? []).map((question) => ({
          question: question.question_text,
          items: (itemsOf.get(question.id) ?? []).map((item) => ({
            text: item.item_text,
            mustHave: item.must_have,
          })),
        })),
        resources: (resourcesOf.get(indicator.id) ?? []).map((resource) => ({
          name: resource.name,
          url: resource.url ?? undefined,
          storedFile: resource.storage_key ?? undefined,
          fileType: resource.file_type ?? undefined,
          forPracticeManager: resource.for_pm,
          forSurveyor: resource.for_surveyor,
        })),
      })),
    })),
  };
}
