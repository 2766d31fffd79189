import { readFileSync } from 'node:fs';
import path from 'node:path';
import { EDITION_FILE_MAX_BYTES, editionJsonSchema } from '@portal/domain';
import { createUser } from '@portal/testkit/factories';
import { signIn } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile, { type Cell } from 'write-excel-file/node';
import { stringify } from 'yaml';
import { RESOURCES_COLUMNS, STANDARDS_COLUMNS } from '../../services/editions/edition-sheet.ts';

// The editions of the standards as data (issue 30, docs/editions.md): a provider admin imports a
// file as a draft, exports it, publishes and retires it; a published edition never changes.
let stack: TestStack;
let adminToken: string;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const admin = await createUser(stack.sql, { isAdmin: true });
  adminToken = (await signIn(stack.app, admin.email, admin.password)).accessToken;
});
afterAll(() => stack?.close());

let n = 0;
/** A small edition file of its own code: two sets, three indicators, checklists and resources. */
function editionFile(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    format: 'portal-edition/1',
    code: `TST-${process.pid}-${n}`,
    name: `Test standards ${n}`,
    effectiveFrom: '2027-01-01',
    sets: [
      {
        code: 'C1',
        name: 'Communication',
        type: 'STANDARDS',
        indicators: [
          {
            code: 'C1.1A',
            criterion: 'C1.1',
            name: 'Patients can contact the practice.',
            description: 'How patients reach the practice,\nin and out of hours.',
            mandatory: true,
            flagged: false,
            evidenceLookbackMonths: 12,
            checklists: [
              {
                question: 'Does the practice publish its hours?',
                items: [
                  { text: 'On its website', mustHave: true },
                  { text: 'At the front door', mustHave: false },
                ],
              },
            ],
            resources: [
              {
                name: 'Guide to hours',
                url: 'https://example.org/hours',
                forPracticeManager: true,
                forSurveyor: false,
              },
            ],
          },
          { code: 'C1.2A', name: 'Patients are told of fees.', mandatory: false, flagged: true },
        ],
      },
      {
        code: 'M1',
        name: 'Optional module',
        type: 'MODULE',
        indicators: [{ code: 'M1.1A', name: 'Module indicator.' }],
      },
    ],
    ...overrides,
  };
}

const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
const importFile = (body: string, token: string | null = adminToken, type = 'application/json') =>
  stack.app.inject({
    method: 'POST',
    url: '/api/admin/editions/import',
    headers: { ...as(token), 'content-type': type },
    payload: body,
  });
const count = async (table: string) =>
  (await stack.sql.query(`select count(*)::int as n from public.${table}`)).rows[0].n as number;
/** Every table an import writes to, counted: a refused import changes none. */
const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      [
        'survey_versions',
        'indicator_sets',
        'indicators',
        'checklists',
        'checklist_items',
        'indicator_resources',
      ].map(async (t) => [t, await count(t)] as const),
    ),
  );

describe('POST /api/admin/editions/import', () => {
  it('stores a JSON file as a DRAFT edition, and its export gives the same file back (JSON and YAML)', async () => {
    const file = editionFile();
    const response = await importFile(JSON.stringify(file, null, 2));
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json();
    expect(stored).toEqual({
      id: expect.any(Number),
      code: file.code,
      name: file.name,
      status: 'DRAFT',
      sets: 2,
      indicators: 3,
      effectiveFrom: '2027-01-01',
      isCurrent: false,
      createdAt: expect.any(String),
      publishedAt: null,
      retiredAt: null,
    });

    const json = await stack.app.inject({
      method: 'GET',
      url: `/api/admin/editions/${stored.id}/export?format=json`,
      headers: as(adminToken),
    });
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-disposition']).toContain(`${file.code}.edition.json`);
    // Equal to the file imported, with the defaults it left out written in.
    expect(JSON.parse(json.body)).toEqual({
      ...file,
      sets: [
        {
          ...file.sets[0],
          indicators: [file.sets[0]!.indicators[0], { ...file.sets[0]!.indicators[1] }],
        },
        {
          ...file.sets[1],
          indicators: [{ code: 'M1.1A', name: 'Module indicator.', mandatory: true, flagged: false }],
        },
      ],
    });
    // Imported again under another code, the export is the same file but for the code.
    const again = await importFile(json.body.replace(`"code": "${file.code}"`, `"code": "${file.code}-B"`));
    expect(again.statusCode, again.body).toBe(201);
    const yaml = await stack.app.inject({
      method: 'GET',
      url: `/api/admin/editions/${again.json().id}/export?format=yaml`,
      headers: as(adminToken),
    });
    expect(yaml.headers['content-type']).toContain('application/yaml');
    expect(yaml.body).toBe(stringify({ ...JSON.parse(json.body), code: `${file.code}-B` }, { lineWidth: 0 }));
  });

  it('takes YAML, and lists every problem with its line and place, storing nothing', async () => {
    const before = await counts();
    const yaml = [
      'format: portal-edition/1', // 1
      'code: "bad code!"', // 2
      'name: Broken', // 3
      'sets:', // 4
      '  - code: C1', // 5
      '    name: One', // 6
      '    colour: red', // 7
      '    indicators:', // 8
      '      - code: C1.1', // 9
      '        name: First', // 10
      '        mandatory: "yes"', // 11
      '        checklists:', // 12
      '          - question: Anything?', // 13
      '            items: []', // 14
      '      - code: c1.1', // 15
      '        name: Second', // 16
      '        resources:', // 17
      '          - name: Both', // 18
      '            url: https://example.org/a', // 19
      '            storedFile: documents/a.pdf', // 20
    ].join('\n');
    const response = await importFile(yaml, adminToken, 'application/yaml');
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(
      'The file has 6 problems; nothing was imported. Correct them and import the file again.',
    );
    expect(body.problems).toEqual([
      {
        line: 2,
        path: 'code',
        message:
          'Write the edition code with letters, digits and . - _ / only, starting with a letter or digit.',
      },
      { line: 5, path: 'sets[0]', message: "Remove 'colour': the format has no such key here." },
      { line: 11, path: 'sets[0].indicators[0].mandatory', message: 'Write mandatory as true or false.' },
      {
        line: 14,
        path: 'sets[0].indicators[0].checklists[0].items',
        message: 'Give the question at least one item.',
      },
      {
        line: 15,
        path: 'sets[0].indicators[1].code',
        message: 'The indicator code c1.1 is also used in set C1: give each indicator its own code.',
      },
      {
        line: 18,
        path: 'sets[0].indicators[1].resources[0]',
        message: 'Give a resource either a url or a storedFile, not both.',
      },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses what is not JSON or YAML, a code taken, an unknown stored file, control characters and an oversized file, storing nothing', async () => {
    const before = await counts();
    const syntax = await importFile('{"format": "portal-edition/1",\n  "code": }');
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().problems).toEqual([
      { line: 2, path: '', message: 'The file is not valid JSON here: a value is missing.' },
    ]);

    const first = editionFile();
    expect((await importFile(JSON.stringify(first))).statusCode).toBe(201);
    const afterFirst = await counts();
    const taken = await importFile(JSON.stringify({ ...editionFile(), code: first.code.toLowerCase() }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().problems).toEqual([
      {
        line: null,
        path: 'code',
        message: `An edition with the code ${first.code.toLowerCase()} exists already (draft): give this one a code of its own, such as ${first.code.toLowerCase()}.1.`,
      },
    ]);

    // Another practice's private document is no resource file: a stored file must be an indicator resource's.
    const stolen = editionFile();
    stolen.sets[0]!.indicators[1] = {
      ...stolen.sets[0]!.indicators[1]!,
      resources: [
        {
          name: 'Someone’s file',
          storedFile: 'documents/42/private.pdf',
          forPracticeManager: true,
          forSurveyor: true,
        },
      ],
    } as never;
    const unknown = await importFile(JSON.stringify(stolen));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().problems[0].message).toBe(
      'No indicator resource of this installation has the stored file documents/42/private.pdf: give a url, or export the edition that holds the file.',
    );

    const control = await importFile(JSON.stringify(editionFile({ name: 'Bad\u0000name' })));
    expect(control.statusCode).toBe(400);
    expect(control.json().problems).toEqual([
      { line: 1, path: 'name', message: 'Remove the control characters from the edition name.' },
    ]);

    const huge = await importFile(`# ${'x'.repeat(EDITION_FILE_MAX_BYTES)}\n`, adminToken, 'text/plain');
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('The file is larger than 2 MB: split it or shorten its texts.');

    const empty = await importFile('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Choose an edition file (JSON, YAML or .xlsx) to import.');
    expect(await counts()).toEqual(afterFirst);
    expect(afterFirst.survey_versions).toBe(before.survey_versions! + 1);
  });

  it('is the provider admin’s alone: no token, a QAM, a practice manager and a deactivated admin are refused, and nothing is stored', async () => {
    const before = await counts();
    const qam = await createUser(stack.sql, { isQam: true });
    const pm = await createUser(stack.sql);
    const former = await createUser(stack.sql, { isAdmin: true });
    const formerToken = (await signIn(stack.app, former.email, former.password)).accessToken;
    await stack.sql.query('update public.users set is_admin = false where id = $1', [former.id]);
    const body = JSON.stringify(editionFile());
    expect((await importFile(body, null)).statusCode).toBe(401);
    expect((await importFile(body, 'forged.token.value')).statusCode).toBe(401);
    for (const user of [qam, pm]) {
      const token = (await signIn(stack.app, user.email, user.password)).accessToken;
      const refused = await importFile(body, token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Only a provider admin can manage the editions of the standards.');
      const list = await stack.app.inject({ method: 'GET', url: '/api/admin/editions', headers: as(token) });
      expect(list.statusCode).toBe(403);
    }
    expect((await importFile(body, formerToken)).statusCode).toBe(403);
    expect(await counts()).toEqual(before);
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A workbook of these sheets, each cell's value as given (null: an empty cell). */
const workbookOf = (sheets: Array<{ sheet: string; data: unknown[][] }>) =>
  writeXlsxFile(
    sheets.map(({ sheet, data }) => ({
      sheet,
      data: data.map((row) => row.map((value) => (value === null ? null : ({ value } as Cell)))),
    })),
  ).toBuffer();
const importWorkbook = (bytes: Uint8Array, token: string | null = adminToken) =>
  stack.app.inject({
    method: 'POST',
    url: '/api/admin/editions/import',
    headers: { ...as(token), 'content-type': XLSX },
    payload: Buffer.from(bytes),
  });
const exportAs = (id: number, format: string) =>
  stack.app.inject({
    method: 'GET',
    url: `/api/admin/editions/${id}/export?format=${format}`,
    headers: as(adminToken),
  });

describe('the spreadsheet: one row per checklist item', () => {
  it('exports an edition as a workbook that imports as the same edition; the template imports too', async () => {
    const file = editionFile();
    const imported = (await importFile(JSON.stringify(file))).json();
    const workbook = await exportAs(imported.id, 'xlsx');
    expect(workbook.statusCode).toBe(200);
    expect(workbook.headers['content-type']).toBe(XLSX);
    const sheets = await readXlsxFile(workbook.rawPayload);
    expect(sheets.map((s) => s.sheet)).toEqual(['Edition', 'Standards', 'Resources']);
    // Two items of C1.1A, one row for C1.2A (no question), one for M1.1A.
    expect(sheets[1]!.data).toHaveLength(1 + 4);
    expect(sheets[1]!.data[1]!.slice(0, 4)).toEqual(['C1', 'Communication', 'STANDARDS', 'C1.1A']);

    // Under another code (a new edition), the workbook gives back the same JSON but for the code.
    const renamed = sheets.map(({ sheet, data }) => ({
      sheet,
      data: data.map((row) => row.map((value) => (value === file.code ? `${file.code}-X` : value))),
    }));
    const bytes = await workbookOf(renamed);
    const again = await importWorkbook(bytes);
    expect(again.statusCode, again.body).toBe(201);
    const before = JSON.parse((await exportAs(imported.id, 'json')).body);
    const after = JSON.parse((await exportAs(again.json().id, 'json')).body);
    expect(after).toEqual({ ...before, code: `${file.code}-X` });

    const template = await stack.app.inject({
      method: 'GET',
      url: '/api/admin/editions/template.xlsx',
      headers: as(adminToken),
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-disposition']).toContain('edition-template.xlsx');
    const templateSheets = await readXlsxFile(template.rawPayload);
    const code = `TPL-${process.pid}`;
    const fromTemplate = await importWorkbook(
      await workbookOf(
        templateSheets.map(({ sheet, data }) => ({
          sheet,
          data: data.map((row) => row.map((value) => (value === 'GPS-7' ? code : value))),
        })),
      ),
    );
    expect(fromTemplate.statusCode, fromTemplate.body).toBe(201);
    expect(fromTemplate.json()).toMatchObject({ code, sets: 1, indicators: 2 });
  });

  it('names the sheet and row of every problem, and stores nothing', async () => {
    const before = await counts();
    const header = [...STANDARDS_COLUMNS];
    const bytes = await workbookOf([
      {
        sheet: 'Edition',
        data: [
          ['Format', 'portal-edition/1'],
          ['Code', `WB-${process.pid}`],
          ['Name', 'Workbook'],
        ],
      },
      {
        sheet: 'Standards',
        data: [
          header,
          ['C1', 'One', null, 'C1.1A', null, 'First', null, 'perhaps', null, null, 'Asked?', 'Item', 'yes'], // row 2
          ['C1', 'One', null, 'C1.2A', null, null, null, null, null, 500, null, null, null], // row 3
          ['C2', 'Two', null, 'C1.1A', null, 'Again', null, null, null, null, null, null, null], // row 4
          [
            'C2',
            'Two',
            null,
            'C2.1A',
            null,
            'Lonely item',
            null,
            null,
            null,
            null,
            null,
            'No question',
            null,
          ], // row 5
        ],
      },
      {
        sheet: 'Resources',
        data: [[...RESOURCES_COLUMNS], ['X9', 'Nowhere', 'https://example.org', null, null, null, null]],
      },
    ]);
    const response = await importWorkbook(bytes);
    expect(response.statusCode).toBe(400);
    expect(response.json().problems).toEqual([
      { sheet: 'Resources', line: 2, path: '', message: 'No indicator of sheet Standards has the code X9.' },
      {
        sheet: 'Standards',
        line: 2,
        path: 'sets[0].indicators[0].mandatory',
        message: 'Write mandatory as true or false.',
      },
      {
        sheet: 'Standards',
        line: 3,
        path: 'sets[0].indicators[1].name',
        message: 'Give the indicator name as text.',
      },
      {
        sheet: 'Standards',
        line: 3,
        path: 'sets[0].indicators[1].evidenceLookbackMonths',
        message: 'Give evidenceLookbackMonths from 1 to 120.',
      },
      {
        sheet: 'Standards',
        line: 4,
        path: '',
        message: 'The indicator C1.1A is in set C1 on row 2: write all its rows under one set.',
      },
      { sheet: 'Standards', line: 5, path: '', message: 'Write the question this item belongs to.' },
    ]);
    const notAWorkbook = await importWorkbook(new TextEncoder().encode('not a zip'));
    expect(notAWorkbook.statusCode).toBe(400);
    expect(notAWorkbook.json().problems[0].message).toBe(
      'The file is not an .xlsx workbook: export it from your spreadsheet as Excel (.xlsx).',
    );
    expect(await counts()).toEqual(before);
  });
});

describe('publishing and retiring an edition', () => {
  const post = (id: number, change: 'publish' | 'retire') =>
    stack.app.inject({ method: 'POST', url: `/api/admin/editions/${id}/${change}`, headers: as(adminToken) });

  it('publishes a draft, after which its standards never change; retires it; refuses the steps back, with the rule’s words', async () => {
    const imported = (await importFile(JSON.stringify(editionFile()))).json();
    // A draft's standards change (the preview's corrections).
    await stack.sql.query(
      `update public.indicators set name = 'Corrected.' where code = 'C1.2A' and indicator_set_id in
         (select id from public.indicator_sets where survey_version_id = $1)`,
      [imported.id],
    );
    const published = await post(imported.id, 'publish');
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ id: imported.id, status: 'PUBLISHED' });
    const { rows } = await stack.sql.query('select published_at from public.survey_versions where id = $1', [
      imported.id,
    ]);
    expect(rows[0].published_at).toBeInstanceOf(Date);

    // Published: no set, indicator, question or item changes, by anyone (the database refuses).
    const change = (statement: string) =>
      stack.sql.query(statement, [imported.id]).then(
        () => 'changed',
        (e: Error) => e.message,
      );
    const refused = `The edition ${imported.code} is published: its standards never change. Import the corrected standards as a new edition.`;
    expect(
      await change(`update public.indicators set name = 'Again.' where indicator_set_id in
        (select id from public.indicator_sets where survey_version_id = $1)`),
    ).toBe(refused);
    expect(
      await change(
        `insert into public.indicator_sets (survey_version_id, name, full_code) values ($1, 'Late', 'L1')`,
      ),
    ).toBe(refused);
    expect(
      await change(`delete from public.checklist_items where checklist_id in (select c.id from public.checklists c
        join public.indicators i on i.id = c.indicator_id join public.indicator_sets s on s.id = i.indicator_set_id
        where s.survey_version_id = $1)`),
    ).toBe(refused);
    expect(await change(`update public.survey_versions set name = 'Renamed' where id = $1`)).toBe(
      `The edition ${imported.code} is published: its code, name and date never change.`,
    );
    expect(await change('delete from public.survey_versions where id = $1')).toBe(
      `The edition ${imported.code} is kept: retire it instead of deleting it.`,
    );
    expect((await post(imported.id, 'publish')).json().message).toBe(
      `The edition ${imported.code} is published already.`,
    );

    const retired = await post(imported.id, 'retire');
    expect(retired.statusCode).toBe(200);
    expect(retired.json().status).toBe('RETIRED');
    const back = await post(imported.id, 'publish');
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe(`The edition ${imported.code} is retired: it cannot become published.`);
    // Its file is still there to export.
    const exported = await stack.app.inject({
      method: 'GET',
      url: `/api/admin/editions/${imported.id}/export`,
      headers: as(adminToken),
    });
    expect(JSON.parse(exported.body).sets[0].indicators[1].name).toBe('Corrected.');
  });

  it('refuses to publish an edition with a set without indicators, and to retire the current edition', async () => {
    const imported = (await importFile(JSON.stringify(editionFile()))).json();
    await stack.sql.query(
      `insert into public.indicator_sets (survey_version_id, name, full_code) values ($1, 'Empty', 'E1')`,
      [imported.id],
    );
    const refused = await post(imported.id, 'publish');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      `The edition ${imported.code} has a set without indicators, or no set: give every set an indicator before publishing it.`,
    );
    const { rows } = await stack.sql.query('select status from public.survey_versions where id = $1', [
      imported.id,
    ]);
    expect(rows[0].status).toBe('DRAFT');

    const other = (await importFile(JSON.stringify(editionFile()))).json();
    expect((await post(other.id, 'publish')).statusCode).toBe(200);
    await stack.sql.query('update public.survey_versions set is_current = false where is_current');
    await stack.sql.query('update public.survey_versions set is_current = true where id = $1', [other.id]);
    const current = await post(other.id, 'retire');
    expect(current.statusCode).toBe(409);
    expect(current.json().message).toBe(
      `${other.code} is the current edition: make another edition current before retiring it.`,
    );
    expect((await post(999_999, 'retire')).statusCode).toBe(404);
    expect((await post('abc' as never, 'retire')).statusCode).toBe(400);
  });

  it('lists the editions newest first with their counts and the dates of their life', async () => {
    const list = () =>
      stack.app.inject({ method: 'GET', url: '/api/admin/editions', headers: as(adminToken) });
    const published = (await importFile(JSON.stringify(editionFile({ effectiveFrom: undefined })))).json();
    const before = Date.now();
    expect((await post(published.id, 'publish')).statusCode).toBe(200);
    const imported = (await importFile(JSON.stringify(editionFile()))).json();
    const answer = await list();
    expect(answer.statusCode).toBe(200);
    const [first, second] = answer.json().editions;
    expect(first).toEqual(imported);
    expect(second).toMatchObject({
      id: published.id,
      status: 'PUBLISHED',
      sets: 2,
      indicators: 3,
      effectiveFrom: null,
      isCurrent: false,
      retiredAt: null,
    });
    expect(Date.parse(second.createdAt)).toBeLessThanOrEqual(Date.parse(second.publishedAt));
    expect(Date.parse(second.publishedAt)).toBeGreaterThanOrEqual(before - 1000);

    expect((await post(published.id, 'retire')).statusCode).toBe(200);
    const retired = (await list()).json().editions.find((e: { id: number }) => e.id === published.id);
    expect(retired).toMatchObject({ status: 'RETIRED', publishedAt: second.publishedAt });
    expect(Date.parse(retired.retiredAt)).toBeGreaterThanOrEqual(Date.parse(second.publishedAt));
  });
});

describe('GET /api/editions/edition.schema.json', () => {
  it('publishes the format’s JSON Schema to anyone, as docs/editions/edition.schema.json holds it', async () => {
    const response = await stack.app.inject({ method: 'GET', url: '/api/editions/edition.schema.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/schema+json');
    expect(response.json()).toEqual(editionJsonSchema());
    const committed = readFileSync(
      path.join(import.meta.dirname, '../../../../docs/editions/edition.schema.json'),
      'utf8',
    );
    expect(JSON.parse(committed)).toEqual(editionJsonSchema());
  });
});
