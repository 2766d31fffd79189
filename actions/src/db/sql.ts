/**
 * The one way to write SQL in the actions service (as the engine's builder,
 * packages/engine/src/sql/sql.ts): a tagged template whose interpolations are values (always bound
 * as `$n` parameters), quoted identifiers (`sql.ident`) or nested fragments (`sql`, `sql.join`).
 * A fragment keeps its parts; placeholders are numbered once, when the statement is rendered, so
 * no text is ever rewritten after the fact.
 */

/** A quoted, possibly qualified identifier (`"public"."users"`). */
export class SqlIdent {
  constructor(readonly names: readonly string[]) {}
}

/** A bound value: always a parameter, whatever it contains. */
class SqlValue {
  constructor(readonly value: unknown) {}
}

type Part = string | SqlIdent | SqlValue | SqlQuery;

/** A SQL fragment or statement: literal text, identifiers, values and nested fragments. */
export class SqlQuery {
  constructor(readonly parts: readonly Part[]) {}

  /** The statement for `pg`: text with `$1..$n` placeholders and their values, numbered once. */
  render(): { text: string; values: unknown[] } {
    let text = '';
    const values: unknown[] = [];
    const walk = (part: Part) => {
      if (typeof part === 'string') text += part;
      else if (part instanceof SqlQuery) for (const p of part.parts) walk(p);
      else if (part instanceof SqlIdent) text += part.names.map(quoteIdent).join('.');
      else {
        values.push(part.value);
        text += `$${values.length}`;
      }
    };
    walk(this);
    return { text, values };
  }

  /** The rendered text (placeholders numbered from $1). */
  get text(): string {
    return this.render().text;
  }

  /** The rendered parameters, in placeholder order. */
  get values(): unknown[] {
    return this.render().values;
  }
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Tagged template: `sql\`select ${sql.ident('u', 'email')} from public.users u where id = ${id}\``.
 * A `SqlQuery` or `SqlIdent` interpolation is spliced as SQL; anything else is a parameter.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlQuery {
  const parts: Part[] = [];
  strings.forEach((s, i) => {
    if (s) parts.push(s);
    if (i < values.length) {
      const value = values[i];
      parts.push(value instanceof SqlQuery || value instanceof SqlIdent ? value : new SqlValue(value));
    }
  });
  return new SqlQuery(parts);
}

/** A quoted (possibly qualified) identifier: `sql.ident('public', 'users')` → `"public"."users"`. */
sql.ident = (...names: string[]): SqlIdent => {
  if (names.length === 0 || names.includes('')) throw new Error('an identifier needs a non-empty name');
  return new SqlIdent(names);
};

/** A value bound as a parameter (what a plain interpolation does; for building lists). */
sql.value = (value: unknown): SqlQuery => new SqlQuery([new SqlValue(value)]);

/** Joins fragments, identifiers or values with a separator (`, ` unless given). */
sql.join = (items: readonly unknown[], separator: SqlQuery = sql`, `): SqlQuery => {
  const parts: Part[] = [];
  items.forEach((item, i) => {
    if (i) parts.push(separator);
    parts.push(item instanceof SqlQuery || item instanceof SqlIdent ? item : new SqlValue(item));
  });
  return new SqlQuery(parts);
};
