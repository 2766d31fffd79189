/** Editions for tests: as rows in the database (`createEdition`) and as files (`editionFile`). */
import type { TEditionFileInput } from '@portal/domain';
import { dayFromToday, insertRow, type Sql, unique } from './row-factories.ts';

/**
 * The mapping and move tests' editions: an edition of one set whose indicators each have one
 * checklist question with `items` items, published unless said otherwise.
 */
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
  options: { status?: 'DRAFT' | 'PUBLISHED'; code?: string; names?: Record<string, string> } = {},
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
      name: options.names?.[name] ?? `Indicator ${name}`,
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

let counter = 0;

/**
 * A small edition file (docs/editions/README.md, "The file") with a code of its own: a standards
 * set of two indicators (one with a checklist question of two items, the first a must-have, and a
 * link resource for practice managers) and an optional module of one. `overrides` replace its
 * top-level keys.
 */
export function editionFile(overrides: Partial<TEditionFileInput> = {}): TEditionFileInput {
  counter++;
  return {
    format: 'portal-edition/1',
    code: `ED-${process.pid % 10_000}-${Date.now() % 100_000}-${counter}`,
    name: `Test standards, edition ${counter}`,
    effectiveFrom: '2027-07-01',
    sets: [
      {
        code: 'C1',
        name: 'Communication and patient participation',
        type: 'STANDARDS',
        indicators: [
          {
            code: 'C1.1A',
            criterion: 'C1.1',
            name: 'Patients can contact the practice and know its hours.',
            description: 'What the practice publishes, and where.',
            evidenceLookbackMonths: 12,
            checklists: [
              {
                question: 'Does the practice publish its opening hours?',
                items: [{ text: 'On its website', mustHave: true }, { text: 'At the front door' }],
              },
            ],
            resources: [
              { name: 'Guide to opening hours', url: 'https://example.org/hours', forPracticeManager: true },
            ],
          },
          { code: 'C1.2A', name: 'Patients are told of fees before a consultation.', flagged: true },
        ],
      },
      {
        code: 'M1',
        name: 'Optional module: after-hours care',
        type: 'MODULE',
        indicators: [{ code: 'M1.1A', name: 'The practice arranges care after hours.', mandatory: false }],
      },
    ],
    ...overrides,
  };
}

/**
 * A YAML edition file with three problems: a key the format does not have (`colour`, reported at
 * line 1, the edition's), a mandatory that is not true or false (line 11) and an indicator code
 * used twice, whatever its case (line 12).
 */
export function editionYamlWithProblems(code = `BAD-${Date.now() % 100_000}-${++counter}`): string {
  return [
    'format: portal-edition/1',
    `code: ${code}`,
    'name: Standards with problems',
    'colour: teal',
    'sets:',
    '  - code: C1',
    '    name: Communication',
    '    indicators:',
    '      - code: C1.1A',
    '        name: Patients can contact the practice.',
    '        mandatory: perhaps',
    '      - code: c1.1a',
    '        name: The same code again.',
    '',
  ].join('\n');
}

/** An older and a newer edition and the mapping between them, with one row of each kind. */
export interface TestMappedEditions {
  older: TestEdition;
  newer: TestEdition;
  mappingId: number;
}

/**
 * Two published editions and a complete mapping: A1 → B1 EQUIVALENT (items 1.1 → 1.1, 1.2 → 1.2),
 * A2 → B2a + B2b SPLIT, A3 + A4 → B3 MERGED, A5 RETIRED; B4 is new. Written in one statement, so
 * the mapping's rules (checked at commit) see it whole. `names`: indicator names by code.
 */
export async function createMappedEditions(
  sql: Sql,
  options: { names?: Record<string, string> } = {},
): Promise<TestMappedEditions> {
  const older = await createEdition(sql, { A1: 2, A2: 1, A3: 1, A4: 1, A5: 0 }, options);
  const newer = await createEdition(sql, { B1: 2, B2a: 0, B2b: 1, B3: 1, B4: 0 }, options);
  const mapping = await insertRow(sql, 'edition_mappings', {
    from_version_id: older.id,
    to_version_id: newer.id,
  });
  const o = older.indicators;
  const n = newer.indicators;
  const rows: Array<[number, string, number | null, number]> = [
    [o.A1!, 'EQUIVALENT', n.B1!, 1],
    [o.A2!, 'SPLIT', n.B2a!, 1],
    [o.A2!, 'SPLIT', n.B2b!, 2],
    [o.A3!, 'MERGED', n.B3!, 1],
    [o.A4!, 'MERGED', n.B3!, 1],
    [o.A5!, 'RETIRED', null, 1],
  ];
  await sql.query(
    `insert into public.edition_indicator_mappings (mapping_id, from_indicator_id, kind, to_indicator_id, position)
     select $1, r.f, r.k, r.t, r.p from jsonb_to_recordset($2::jsonb) as r(f integer, k text, t integer, p integer)`,
    [mapping.id, JSON.stringify(rows.map(([f, k, t, p]) => ({ f, k, t, p })))],
  );
  await sql.query(
    `insert into public.edition_item_mappings (mapping_id, from_item_id, to_item_id)
     select $1, f.id, t.id
       from public.checklist_items f join public.checklists fc on fc.id = f.checklist_id
       join public.checklist_items t on t.item_number = f.item_number
       join public.checklists tc on tc.id = t.checklist_id
      where fc.indicator_id = $2 and tc.indicator_id = $3`,
    [mapping.id, o.A1, n.B1],
  );
  return { older, newer, mappingId: mapping.id as number };
}

/** Mapped editions with a transition window between them: the older current, the window's days. */
export interface TestTransition extends TestMappedEditions {
  transitionId: number;
  opensOn: string;
  closesOn: string;
}

/**
 * `createMappedEditions` with the older edition made current and a transition window to the newer
 * from `opensIn` to `closesIn` days from the portal's today (both included; by default it opened
 * 10 days ago and closes in 20). A window still pending (the demo's) is completed first: there is
 * one at a time.
 */
export async function createTransition(
  sql: Sql,
  options: { opensIn?: number; closesIn?: number } = {},
): Promise<TestTransition> {
  const editions = await createMappedEditions(sql);
  const opensOn = dayFromToday(options.opensIn ?? -10);
  const closesOn = dayFromToday(options.closesIn ?? 20);
  await sql.query('update public.edition_transitions set completed_at = now() where completed_at is null');
  await sql.query('update public.survey_versions set is_current = false where is_current');
  await sql.query('update public.survey_versions set is_current = true where id = $1', [editions.older.id]);
  // A window may not close in the past when written: one that closed is written open, then moved.
  const closed = closesOn < dayFromToday();
  const window = await insertRow(sql, 'edition_transitions', {
    from_version_id: editions.older.id,
    to_version_id: editions.newer.id,
    opens_on: opensOn,
    closes_on: closed ? dayFromToday() : closesOn,
  });
  if (closed) {
    await sql.query('alter table public.edition_transitions disable trigger edition_transitions_rules');
    await sql.query('update public.edition_transitions set opens_on = $2, closes_on = $3 where id = $1', [
      window.id,
      opensOn,
      closesOn,
    ]);
    await sql.query('alter table public.edition_transitions enable trigger edition_transitions_rules');
  }
  return { ...editions, transitionId: window.id, opensOn, closesOn };
}

/**
 * A complete mapping file (docs/editions/README.md, "Mappings") between an older edition of A1..A5
 * and a newer one of B1, B2a, B2b, B3, B4 as `createEdition` makes them (A1 of two items, A2 and
 * A3 of one, B1 of three, B2b and B3 of one): each kind once (A1 equivalent to B1, A2 split to
 * B2a and B2b, A3 and A4 merged into B3, A5 retired) and the items that carry over; `a4Item` links
 * A4's first item too (for an A4 that has one).
 */
export function mappingFileOf(older: TestEdition, newer: TestEdition, options: { a4Item?: boolean } = {}) {
  return {
    format: 'portal-edition-mapping/1',
    from: older.code,
    to: newer.code,
    indicators: [
      {
        from: 'A1',
        kind: 'EQUIVALENT',
        to: 'B1',
        items: [
          { from: '1.1', to: '1.1' },
          { from: '1.2', to: '1.3' },
        ],
      },
      {
        from: 'A2',
        kind: 'SPLIT',
        to: ['B2a', 'B2b'],
        items: [{ from: '1.1', to: '1.1', toIndicator: 'B2b' }],
      },
      { from: 'A3', kind: 'MERGED', to: 'B3', items: [{ from: '1.1', to: '1.1' }] },
      options.a4Item
        ? { from: 'A4', kind: 'MERGED', to: 'B3', items: [{ from: '1.1', to: '1.1' }] }
        : { from: 'A4', kind: 'MERGED', to: 'B3' },
      { from: 'A5', kind: 'RETIRED' },
    ],
  };
}

/** Indicator names a reader can follow, for the test editions' codes (A1..A5, B1..B4), in screenshots. */
export const READABLE_INDICATOR_NAMES: Record<string, string> = {
  A1: 'Our practice provides information about its opening hours, services and fees',
  A2: 'Our practice has a system to manage patient feedback and complaints',
  A3: 'Our practice has a business plan',
  A4: 'Our practice keeps a risk register',
  A5: 'Our practice keeps a paper register of visitors',
  B1: 'Our practice provides information about its opening hours, services and fees',
  B2a: 'Our practice has a system to receive patient feedback',
  B2b: 'Our practice analyses patient feedback and complaints and acts on them',
  B3: 'Our practice has a business plan and a risk register',
  B4: 'Our practice has a cyber security policy and trains its team in it',
};
