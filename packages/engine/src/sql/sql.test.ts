import { testAdminUrl } from '@portal/devdb/testing';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { encodeVariable, pgArray, quoteLiteral, render, sql } from './sql.ts';

/** Texts a literal must carry unchanged: quotes, backslashes, placeholders, comments, newlines, Unicode. */
const AWKWARD = [
  "it's",
  'a\\b\\',
  "\\'; drop table x; --",
  '$1 $$ $q$',
  'line\nnext\ttab',
  'Ünïcødé ✓',
  '',
  "E'x'",
];

describe('SQL builder', () => {
  it('quotes identifiers and binds values as parameters, one per distinct value', () => {
    const q = render(
      sql`SELECT ${sql.ident('t', 'we"ird')} FROM ${sql.ident('public', 'x')} WHERE a = ${sql.value("'; drop table x; --")} OR b = ${sql.value("'; drop table x; --")} OR c = ${sql.value(1)}`,
    );
    expect(q.text).toBe('SELECT "t"."we""ird" FROM "public"."x" WHERE a = $1 OR b = $1 OR c = $2');
    expect(q.params).toEqual([
      { kind: 'const', value: "'; drop table x; --" },
      { kind: 'const', value: '1' },
    ]);
  });

  it('keeps variables and session values as parameters, or reads them from the cohort row when multiplexed', () => {
    const fragment = sql`${sql.variable('id', 'text')}::int4 = ${sql.session('x-hasura-user-id')}::int4 AND ${sql.value(3)}::int4 > 0`;
    expect(render(fragment).text).toBe('$1::int4 = $2::int4 AND $3::int4 > 0');
    const mux = render(fragment, { multiplexed: true, firstParam: 3 });
    expect(mux.text).toBe('("_subs"."vars" ->> 0)::int4 = ("_subs"."vars" ->> 1)::int4 AND $3::int4 > 0');
    expect(mux.slots).toEqual([
      { kind: 'var', name: 'id', encode: 'text' },
      { kind: 'session', name: 'x-hasura-user-id' },
    ]);
  });

  it('only accepts GraphQL names as literal keys and integers as literal numbers', () => {
    expect(render(sql`${sql.key('author_1')}`).text).toBe("'author_1'");
    expect(() => sql.key("x'); drop table y; --")).toThrow();
    expect(() => sql.int(Number.NaN)).toThrow();
  });

  it('encodes arrays as PostgreSQL array literals and JSON as text', () => {
    expect(pgArray(['a"b', 'c\\d', null, 1])).toBe('{"a\\"b","c\\\\d",NULL,"1"}');
    expect(encodeVariable({ a: [1] }, 'json')).toBe('{"a":[1]}');
    expect(encodeVariable([1, 2], 'array')).toBe('{"1","2"}');
    expect(encodeVariable(null, 'text')).toBeNull();
  });

  it('writes a metadata constant as a quoted literal, with request values still bound', () => {
    const q = render(
      sql`a = ${sql.literal('ACTIVE')}::text AND b = ${sql.literal(true)}::bool AND c = ${sql.value('ACTIVE')}::text AND d = ${sql.literal(["P'M", 'SU'])}::text[] AND e = ${sql.literal(null)}::int4`,
    );
    expect(q.text).toBe(
      `a = 'ACTIVE'::text AND b = 'true'::bool AND c = $1::text AND d = '{"P''M","SU"}'::text[] AND e = NULL::int4`,
    );
    expect(q.params).toEqual([{ kind: 'const', value: 'ACTIVE' }]);
    expect(quoteLiteral('a\\b')).toBe("E'a\\\\b'");
    expect(() => quoteLiteral('a\0b')).toThrow(/NUL/);
  });

  it('gives PostgreSQL back exactly the text of each literal, whatever standard_conforming_strings says', async () => {
    const client = new pg.Client({ connectionString: testAdminUrl() });
    await client.connect();
    try {
      for (const setting of ['on', 'off']) {
        await client.query(`SET standard_conforming_strings = ${setting}`);
        await client.query('SET escape_string_warning = off');
        const { rows } = await client.query<{ t: string }>(
          AWKWARD.map((text) => `SELECT ${quoteLiteral(text)}::text AS t`).join(' UNION ALL '),
        );
        expect(rows.map((r) => r.t)).toEqual(AWKWARD);
      }
    } finally {
      await client.end();
    }
  });
});
