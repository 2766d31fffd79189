/**
 * The only way the engine builds SQL: a tagged template whose interpolations are either other
 * fragments, quoted identifiers or parameters. Values from a request never become SQL text; they
 * are bound as `$n` (or, for multiplexed subscriptions, read from the per-subscriber variables
 * row). The one exception is the project's own metadata: a permission rule's constants
 * (`sql.literal`) are written into the statement as quoted literals, so the planner sees them in
 * a prepared statement's generic plan (a partial index `WHERE active`, an enum's selectivity).
 */

import pg from 'pg';

/** Where a parameter's value comes from when the statement runs. */
export type ParamSource =
  | { kind: 'const'; value: string | null }
  | { kind: 'var'; name: string; encode: Encoding }
  | { kind: 'session'; name: string }
  | { kind: 'runtime'; name: string };

/** How a GraphQL variable's JSON value becomes the text PostgreSQL casts. */
export type Encoding = 'text' | 'json' | 'array';

type Part = string | Ident | Param | SQL | Hint;

class Ident {
  constructor(readonly names: readonly string[]) {}
}

/** A planning hint: renders no text, only marks the statement (see `Compiled.customPlan`). */
class Hint {
  constructor(readonly customPlan: true) {}
}

/** A bound value; identical sources share one placeholder. `inline`: written as a literal instead. */
export class Param {
  constructor(
    readonly key: string,
    readonly source: ParamSource,
    readonly inline = false,
  ) {}
}

/** A SQL fragment. */
export class SQL {
  constructor(readonly parts: readonly Part[]) {}
}

type Interpolation = SQL | Ident | Param;

/** Tagged template: `sql\`select ${sql.ident('t', 'c')} from x where id = ${sql.value(1)}\``. */
export function sql(strings: TemplateStringsArray, ...values: Interpolation[]): SQL {
  const parts: Part[] = [];
  strings.forEach((s, i) => {
    if (s) parts.push(s);
    if (i < values.length) parts.push(values[i]!);
  });
  return new SQL(parts);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;
const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** A quoted (possibly qualified) identifier. */
sql.ident = (...names: string[]): Ident => new Ident(names);

/** A constant value bound as a text parameter (cast it in the SQL). */
sql.value = (value: unknown): Param => {
  const text = encodeConst(value);
  return new Param(`c:${text === null ? 'null' : `v${text}`}`, { kind: 'const', value: text });
};

/**
 * A constant of the project's metadata (a permission rule's value), written into the statement as
 * a quoted literal (cast it in the SQL, as a bound value). Never for a value a request sent.
 */
sql.literal = (value: unknown): Param => {
  const text = encodeConst(value);
  return new Param(`l:${text ?? ''}`, { kind: 'const', value: text }, true);
};

/**
 * A PostgreSQL literal of the text (`NULL` for null), as `pg` quotes one (`escapeLiteral`: quotes
 * doubled, `E'…'` with backslashes doubled when it has any, so it reads the same whatever
 * `standard_conforming_strings` says); a NUL character, which no text value can hold, is refused.
 */
export function quoteLiteral(text: string | null): string {
  if (text === null) return 'NULL';
  if (text.includes('\0')) throw new Error('a SQL literal cannot hold a NUL character');
  return pg.escapeLiteral(text).trimStart();
}

/** A GraphQL variable, bound at execution time. */
sql.variable = (name: string, encode: Encoding): Param =>
  new Param(`v:${encode}:${name}`, { kind: 'var', name, encode });

/** A session variable (lower-cased name), bound at execution time. */
sql.session = (name: string): Param => new Param(`s:${name}`, { kind: 'session', name });

/** A value the executor supplies between statements (e.g. the rows a mutation wrote). */
sql.runtime = (name: string): Param => new Param(`r:${name}`, { kind: 'runtime', name });

/**
 * Marks the statement as value-sensitive: a parameter feeds a condition whose selectivity
 * PostgreSQL can only estimate from the value itself (a LIKE/ILIKE/SIMILAR TO/regex pattern).
 * Such statements are never run as named prepared statements (see `Compiled.customPlan`).
 */
sql.customPlan = (): SQL => new SQL([new Hint(true)]);

/** Joins fragments with a separator fragment. */
sql.join = (items: readonly Interpolation[], separator: SQL = sql`, `): SQL => {
  const parts: Part[] = [];
  items.forEach((item, i) => {
    if (i) parts.push(separator);
    parts.push(item);
  });
  return new SQL(parts);
};

/** A GraphQL name (alias, type name) as a SQL string literal; GraphQL names cannot contain quotes. */
sql.key = (name: string): SQL => {
  if (!NAME.test(name)) throw new Error(`not a GraphQL name: ${name}`);
  return new SQL([`'${name}'`]);
};

/** A PostgreSQL type for casts, from the catalog (`int4`, `timestamptz`, `public.mood`). */
sql.type = (udt: string, isArray = false): SQL => new SQL([`${quoteIdent(udt)}${isArray ? '[]' : ''}`]);

/** A non-negative integer known at compile time (LIMIT of a permission, JSON array index). */
sql.int = (n: number): SQL => {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return new SQL([String(n)]);
};

/** SQL `true` / `false`. */
export const TRUE = sql`true`;
export const FALSE = sql`false`;

/** Encodes a constant as the text PostgreSQL will cast. */
export function encodeConst(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  if (Array.isArray(value)) return pgArray(value);
  return JSON.stringify(value);
}

/** Encodes a JS array as a PostgreSQL array literal. */
export function pgArray(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return pgArray(v);
    const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** Encodes a variable's JSON value for its parameter. */
export function encodeVariable(value: unknown, encode: Encoding): string | null {
  if (value === null || value === undefined) return null;
  if (encode === 'json') return JSON.stringify(value);
  if (encode === 'array' && Array.isArray(value)) return pgArray(value);
  return encodeConst(value);
}

/** A statement ready for `pg`: text plus the sources of `$1..$n`. */
export interface Compiled {
  text: string;
  params: ParamSource[];
  /** Prepared-statement name (a hash of the text), for statements run many times. */
  name?: string;
  /**
   * A parameter feeds a pattern match (LIKE, ILIKE, SIMILAR TO, regex): the statement must be
   * planned with its values every time. A named prepared statement would switch to PostgreSQL's
   * generic plan after five runs, which assumes a fixed 0.5 % of rows match any pattern and can
   * be many times slower (docs/decisions/graphql-engine.md). Never given a `name`.
   */
  customPlan?: boolean;
}

/**
 * Renders a fragment. In `multiplexed` mode, variable and session parameters read the
 * subscriber's row (`_subs.vars ->> i`) and `slots` lists which source each index holds.
 */
export function render(
  fragment: SQL,
  options: { multiplexed?: boolean; firstParam?: number } = {},
): Compiled & { slots: ParamSource[] } {
  let customPlan = false;
  const indexes = new Map<string, number>();
  const slotIndexes = new Map<string, number>();
  const params: ParamSource[] = [];
  const slots: ParamSource[] = [];
  const first = options.firstParam ?? 1;
  let text = '';
  const walk = (part: Part) => {
    if (typeof part === 'string') text += part;
    else if (part instanceof SQL) for (const p of part.parts) walk(p);
    else if (part instanceof Ident) text += part.names.map(quoteIdent).join('.');
    else if (part instanceof Hint) customPlan = true;
    else if (part.inline && part.source.kind === 'const') text += quoteLiteral(part.source.value);
    else if (options.multiplexed && (part.source.kind === 'var' || part.source.kind === 'session')) {
      let i = slotIndexes.get(part.key);
      if (i === undefined) {
        i = slots.length;
        slotIndexes.set(part.key, i);
        slots.push(part.source);
      }
      text += `("_subs"."vars" ->> ${i})`;
    } else {
      let i = indexes.get(part.key);
      if (i === undefined) {
        i = params.length + first;
        indexes.set(part.key, i);
        params.push(part.source);
      }
      text += `$${i}`;
    }
  };
  walk(fragment);
  return customPlan ? { text, params, slots, customPlan } : { text, params, slots };
}
