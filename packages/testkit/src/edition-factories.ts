/**
 * Editions for the mapping and move tests: an edition of one set whose indicators each have one
 * checklist question with `items` items, published unless said otherwise.
 */
import { insertRow, type Sql, unique } from './row-factories.ts';

export interface TestEdition {
  id: number;
  code: string;
  /** Indicator ids by the code given (the stored code is that code with the edition's suffix). */
  indicators: Record<string, number>;
  /** The stored indicator codes by the code given. */
  codes: Record<string, string>;
}

/** An edition with these indicators (`{A1: 2}`: indicator A1 with a question of two items). */
export async function createEdition(
  sql: Sql,
  indicators: Record<string, number>,
  options: { status?: 'DRAFT' | 'PUBLISHED'; code?: string } = {},
): Promise<TestEdition> {
  const code = options.code ?? `E${unique()}`;
  const version = await insertRow(sql, 'survey_versions', { code, name: `Edition ${code}` });
  const set = await insertRow(sql, 'indicator_sets', {
    survey_version_id: version.id,
    name: 'Set',
    full_code: `S-${code}`,
  });
  const ids: Record<string, number> = {};
  const codes: Record<string, string> = {};
  let order = 0;
  for (const [name, items] of Object.entries(indicators)) {
    const indicator = await insertRow(sql, 'indicators', {
      indicator_set_id: set.id,
      code: name,
      name: `Indicator ${name}`,
      sort_order: ++order,
    });
    ids[name] = indicator.id;
    codes[name] = name;
    if (!items) continue;
    const checklist = await insertRow(sql, 'checklists', {
      indicator_id: indicator.id,
      question_number: 1,
      question_text: `Question of ${name}`,
    });
    for (let n = 1; n <= items; n++)
      await insertRow(sql, 'checklist_items', {
        checklist_id: checklist.id,
        item_number: n,
        item_text: `Item ${n} of ${name}`,
        must_have: n === 1,
      });
  }
  if ((options.status ?? 'PUBLISHED') === 'PUBLISHED')
    await sql.query(`update public.survey_versions set status = 'PUBLISHED' where id = $1`, [version.id]);
  return { id: version.id as number, code, indicators: ids, codes };
}
