import { createEdition, mappingFileOf, type TestEdition } from '@portal/testkit/edition-factories';
import { addPracticeRole, createPractice, createUser } from '@portal/testkit/factories';
import { signIn } from '@portal/testkit/test-app';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';

// Mappings between two editions (issue 30, docs/editions/README.md "Mappings"): imported and
// exported as a file with every problem and its line, edited through the API with what a screen
// needs (the unmapped indicators of both sides, the coverage); nothing stored on a problem.
let stack: TestStack;
let adminToken: string;
beforeAll(async () => {
  stack = await startTestStack({ template: 'migrated' });
  const admin = await createUser(stack.sql, { isAdmin: true });
  adminToken = (await signIn(stack.app, admin.email, admin.password)).accessToken;
});
afterAll(() => stack?.close());

/** An older edition (A1..A5) and a newer one (B1, B2a, B2b, B3, B4): each kind of mapping has its place. */
async function editions(): Promise<{ older: TestEdition; newer: TestEdition }> {
  const older = await createEdition(stack.sql, { A1: 2, A2: 1, A3: 1, A4: 0, A5: 0 });
  const newer = await createEdition(stack.sql, { B1: 3, B2a: 0, B2b: 1, B3: 1, B4: 0 });
  return { older, newer };
}

const as = (token: string | null) => (token ? { authorization: `Bearer ${token}` } : {});
const send = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: string,
  token: string | null = adminToken,
) =>
  stack.app.inject({
    method,
    url: `/api/admin/editions/mappings${url}`,
    headers: { ...as(token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: body }),
  });
/** The rows of every mapping table, counted: a refused request changes none. */
const counts = async () =>
  (
    await stack.sql.query(`select (select count(*) from public.edition_mappings)::int as mappings,
      (select count(*) from public.edition_indicator_mappings)::int as rows,
      (select count(*) from public.edition_item_mappings)::int as items`)
  ).rows[0];

describe('POST /api/admin/editions/mappings/import', () => {
  it('stores a mapping of every kind, shows what a screen needs, and its export gives the same file back', async () => {
    const { older, newer } = await editions();
    const file = mappingFileOf(older, newer);
    const response = await send('POST', '/import', stringify(file));
    expect(response.statusCode, response.body).toBe(201);
    const view = response.json();
    expect(view.coverage).toEqual({ mapped: 5, total: 5, percent: 100 });
    expect(view.unmappedFrom).toEqual([]);
    expect(view.newIndicators.map((i: { code: string }) => i.code)).toEqual(['B4']);
    const exported = await send('GET', `/${view.id}/export?format=json`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('.mapping.json');
    // The file was canonical already (keys in the format's order, a split's items naming their target).
    expect(JSON.parse(exported.body)).toEqual(file);
    // Imported again (the same editions: it replaces the rows) and exported as YAML: the same file.
    const again = await send('POST', '/import', exported.body);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().id).toBe(view.id);
    const yaml = await send('GET', `/${view.id}/export?format=yaml`);
    expect(yaml.body).toBe(stringify(JSON.parse(exported.body), { lineWidth: 0 }));
  });

  it('lists every problem of a file with its line and place, and stores nothing', async () => {
    const { older, newer } = await editions();
    const before = await counts();
    const text = [
      'format: portal-edition-mapping/1', // 1
      `from: ${older.code}`, // 2
      `to: ${newer.code}`, // 3
      'colour: blue', // 4: a key the format has not
      'indicators:', // 5
      '  - from: A1', // 6
      '    kind: EQUIVALENT', // 7
      '    to: [B1, B2a]', // 8: equivalent with two targets
      '  - from: A2', // 9
      '    kind: SPLIT', // 10
      '    to: B2a', // 11: a split with one target
      '  - from: A3', // 12
      '    kind: SIDEWAYS', // 13: no such kind
      '  - from: A5', // 14
      '    kind: RETIRED', // 15
      '    to: B4', // 16: retired with a target
      '    items:', // 17
      '      - {from: 1.1, to: "1.1"}', // 18: an unquoted item number (a number, not text)
    ].join('\n');
    const response = await send('POST', '/import', text);
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json();
    expect(body.code).toBe('invalid_input');
    expect(body.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 4, message: "Remove 'colour': the format has no such key here." }),
        expect.objectContaining({ line: 13, path: 'indicators[2].kind' }),
        expect.objectContaining({ line: 18, path: 'indicators[3].items[0].from' }),
      ]),
    );
    expect(await counts()).toEqual(before);

    // The shape right, the rules across rows wrong: each problem at its line.
    const rules = [
      'format: portal-edition-mapping/1', // 1
      `from: ${older.code}`, // 2
      `to: ${newer.code}`, // 3
      'indicators:', // 4
      '  - {from: A1, kind: EQUIVALENT, to: [B1, B2a]}', // 5: equivalent with a list
      '  - {from: A2, kind: SPLIT, to: [B2a]}', // 6: a split of one
      '  - {from: A3, kind: MERGED, to: B3}', // 7: a merge of one source
      '  - {from: A5, kind: RETIRED, to: B4}', // 8: retired with a target
      '  - {from: A1, kind: RETIRED}', // 9: A1 twice
    ].join('\n');
    const refused = await send('POST', '/import', rules);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^The file has \d+ problems; nothing was imported\./);
    const lines = refused.json().problems.map((p: { line: number; path: string }) => [p.line, p.path]);
    expect(lines).toEqual(
      expect.arrayContaining([
        [5, 'indicators[0].to'],
        [6, 'indicators[1].to'],
        [7, 'indicators[2].kind'],
        [8, 'indicators[3].to'],
        [9, 'indicators[4].from'],
      ]),
    );
    expect(await counts()).toEqual(before);
  });

  it('refuses unknown editions, codes and items with their lines, bad JSON, oversized files and control characters, storing nothing', async () => {
    const { older, newer } = await editions();
    const before = await counts();
    const unknown = [
      'format: portal-edition-mapping/1',
      `from: ${older.code}`,
      'to: NO-SUCH-EDITION', // 3
      'indicators: []',
    ].join('\n');
    const noEdition = await send('POST', '/import', unknown);
    expect(noEdition.statusCode).toBe(400);
    expect(noEdition.json().problems).toEqual([
      { line: 3, path: 'to', message: 'No edition has the code NO-SUCH-EDITION.' },
    ]);
    const codes = [
      'format: portal-edition-mapping/1',
      `from: ${older.code}`,
      `to: ${newer.code}`,
      'indicators:',
      '  - from: A9', // 5
      '    kind: RETIRED',
      '  - from: A1',
      '    kind: EQUIVALENT',
      '    to: B9', // 9
      '  - from: A2',
      '    kind: EQUIVALENT',
      '    to: B1',
      '    items:',
      '      - {from: "1.7", to: "1.9"}', // 14
    ].join('\n');
    const noCodes = await send('POST', '/import', codes);
    expect(noCodes.statusCode).toBe(400);
    expect(noCodes.json().problems.map((p: { line: number; path: string }) => [p.line, p.path])).toEqual([
      [5, 'indicators[0].from'],
      [9, 'indicators[1].to'],
      [14, 'indicators[2].items[0].from'],
      [14, 'indicators[2].items[0].to'],
    ]);
    const json = await send('POST', '/import', '{"format": "portal-edition-mapping/1",\n "from": }');
    expect(json.statusCode).toBe(400);
    expect(json.json().problems[0]).toMatchObject({ line: 2 });
    const control = await send(
      'POST',
      '/import',
      JSON.stringify({ ...mappingFileOf(older, newer), from: `${older.code}\u0007` }),
    );
    expect(control.statusCode).toBe(400);
    expect(control.json().problems[0].message).toContain('control characters');
    const huge = await send('POST', '/import', `# ${'x'.repeat(1024 * 1024 + 10)}`);
    expect(huge.statusCode).toBe(413);
    expect(await counts()).toEqual(before);
  });
});

describe('the mapping API', () => {
  it('creates a mapping, lists the unmapped indicators of both sides and the coverage, and sets rows (a merge in one request)', async () => {
    const { older, newer } = await editions();
    const created = await send('POST', '', JSON.stringify({ from: older.id, to: newer.id }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json().coverage).toEqual({ mapped: 0, total: 5, percent: 0 });
    expect(created.json().unmappedFrom.map((i: { code: string }) => i.code)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
    ]);
    expect(created.json().newIndicators).toHaveLength(5);
    expect((await send('POST', '', JSON.stringify({ from: older.id, to: newer.id }))).statusCode).toBe(409);

    const before = await counts();
    // One merge source alone is refused (a merge has two sources), nothing stored.
    const half = await send(
      'PATCH',
      `/${id}`,
      JSON.stringify({ set: [{ from: 'A3', kind: 'MERGED', to: 'B3' }] }),
    );
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('The change has 1 problem; nothing was changed.');
    expect(half.json().problems[0]).toMatchObject({ path: 'set.0.kind' });
    expect(await counts()).toEqual(before);

    const merge = await send(
      'PATCH',
      `/${id}`,
      JSON.stringify({
        set: [
          { from: 'A3', kind: 'MERGED', to: 'B3', items: [{ from: '1.1', to: '1.1' }] },
          { from: 'A4', kind: 'MERGED', to: 'B3' },
          { from: 'A1', kind: 'EQUIVALENT', to: 'B1' },
        ],
      }),
    );
    expect(merge.statusCode, merge.body).toBe(200);
    expect(merge.json().coverage).toEqual({ mapped: 3, total: 5, percent: 60 });
    expect(merge.json().unmappedFrom.map((i: { code: string }) => i.code)).toEqual(['A2', 'A5']);
    expect(merge.json().newIndicators.map((i: { code: string }) => i.code)).toEqual(['B2a', 'B2b', 'B4']);

    // Unmapping one source of the merge while the other stays merged is refused; with it, accepted.
    expect((await send('PATCH', `/${id}`, JSON.stringify({ unmap: ['A4'] }))).statusCode).toBe(400);
    const unmapped = await send(
      'PATCH',
      `/${id}`,
      JSON.stringify({ unmap: ['A4'], set: [{ from: 'A3', kind: 'EQUIVALENT', to: 'B3' }] }),
    );
    expect(unmapped.statusCode, unmapped.body).toBe(200);
    expect(unmapped.json().unmappedFrom.map((i: { code: string }) => i.code)).toEqual(['A2', 'A4', 'A5']);
    // A code of another edition, an unknown key and a bad body are refused.
    for (const body of [
      JSON.stringify({ set: [{ from: 'B1', kind: 'RETIRED' }] }),
      JSON.stringify({ set: [], colour: 1 }),
      '{not json',
    ])
      expect((await send('PATCH', `/${id}`, body)).statusCode).toBe(400);
    expect((await send('GET', `/${id}`)).json().coverage.mapped).toBe(2);
  });

  it('refuses no token, a forged token, a practice manager and a QAM (mappings are the provider admin’s), and unknown ids', async () => {
    const { older, newer } = await editions();
    const { id } = (await send('POST', '', JSON.stringify({ from: older.id, to: newer.id }))).json();
    const pm = await createUser(stack.sql);
    const practice = await createPractice(stack.sql);
    await addPracticeRole(stack.sql, practice.id, pm.id, 'PM');
    const qam = await createUser(stack.sql, { isQam: true });
    const pmToken = (await signIn(stack.app, pm.email, pm.password)).accessToken;
    const qamToken = (await signIn(stack.app, qam.email, qam.password)).accessToken;
    const before = await counts();
    expect((await send('GET', '', undefined, null)).statusCode).toBe(401);
    expect((await send('GET', '', undefined, `${adminToken.slice(0, -4)}abcd`)).statusCode).toBe(401);
    for (const token of [pmToken, qamToken]) {
      expect((await send('GET', `/${id}`, undefined, token)).statusCode).toBe(403);
      expect((await send('PATCH', `/${id}`, JSON.stringify({ unmap: [] }), token)).statusCode).toBe(403);
      expect((await send('POST', '/import', stringify(mappingFileOf(older, newer)), token)).statusCode).toBe(
        403,
      );
      expect((await send('GET', `/${id}/export`, undefined, token)).statusCode).toBe(403);
    }
    expect((await send('GET', '/99999999')).statusCode).toBe(404);
    expect((await send('GET', '/99999999999')).statusCode).toBe(400);
    expect(await counts()).toEqual(before);
  });
});
