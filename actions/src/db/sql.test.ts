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
});
