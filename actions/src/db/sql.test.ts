import { describe, expect, it } from 'vitest';
import { sql } from './sql.ts';

describe('sql', () => {
  it('turns every interpolation into a parameter', () => {
    const evil = "x'; drop table users; --";
    const query = sql`select * from users where email = ${evil} and id = ${3}`;
    expect(query.text).toBe('select * from users where email = $1 and id = $2');
    expect(query.values).toEqual([evil, 3]);
  });

  it('splices fragments and renumbers their parameters', () => {
    const active = sql`is_active = ${true}`;
    const query = sql`select 1 where id = ${1} and ${active} and name = ${'a'}`;
    expect(query.text).toBe('select 1 where id = $1 and is_active = $2 and name = $3');
    expect(query.values).toEqual([1, true, 'a']);
  });

  it('keeps values that look like SQL or placeholders as values', () => {
    const query = sql`select ${'$1'}, ${sql`${'x $2 y'}`}, ${null}, ${[1, 2]}`;
    expect(query.text).toBe('select $1, $2, $3, $4');
    expect(query.values).toEqual(['$1', 'x $2 y', null, [1, 2]]);
  });

  it('numbers the placeholders of nested fragments once, however deep', () => {
    const inner = sql`b = ${2}`;
    const middle = sql`a = ${1} and ${inner} and ${inner}`;
    const query = sql`select ${0} where ${middle} or c = ${3}`;
    expect(query.text).toBe('select $1 where a = $2 and b = $3 and b = $4 or c = $5');
    expect(query.values).toEqual([0, 1, 2, 2, 3]);
    // A fragment renders on its own from $1, whatever it is later nested in.
    expect(inner.render()).toEqual({ text: 'b = $1', values: [2] });
  });

  it('quotes identifiers, qualified or not, doubling embedded quotes', () => {
    expect(sql`select ${sql.ident('first_name')} from ${sql.ident('public', 'users')}`.text).toBe(
      'select "first_name" from "public"."users"',
    );
    const evil = sql`select ${sql.ident('a"; drop table users; --')}`;
    expect(evil.text).toBe('select "a""; drop table users; --"');
    expect(evil.values).toEqual([]);
    expect(() => sql.ident('')).toThrow();
    expect(() => sql.ident()).toThrow();
  });

  it('joins identifiers, values and fragments with a separator', () => {
    const columns = ['title', 'phone'];
    const values = ['Dr', '$1'];
    const insert = sql`insert into t (${sql.join(columns.map((c) => sql.ident(c)))}) values (${sql.join(values)})`;
    expect(insert.text).toBe('insert into t ("title", "phone") values ($1, $2)');
    expect(insert.values).toEqual(['Dr', '$1']);

    const set = sql.join(
      columns.map((c, i) => sql`${sql.ident(c)} = ${values[i]}`),
      sql` and `,
    );
    expect(sql`where id = ${7} and ${set}`.text).toBe('where id = $1 and "title" = $2 and "phone" = $3');
    expect(sql`select ${sql.join([])}1`.text).toBe('select 1');
    expect(sql`select ${sql.value(5)}`.values).toEqual([5]);
  });
});
