/** A parameterised statement: text with $1..$n placeholders and its values. */
export class SqlQuery {
  constructor(
    readonly text: string,
    readonly values: unknown[],
  ) {}
}

/**
 * The one way to write SQL here: a tagged template whose interpolations always become
 * parameters ($1, $2, …), never text. A nested `sql` fragment is spliced in with its own
 * parameters renumbered, so constant fragments (column lists) can be shared.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlQuery {
  let text = strings[0] ?? '';
  const params: unknown[] = [];
  values.forEach((value, i) => {
    if (value instanceof SqlQuery) {
      const offset = params.length;
      text += value.text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
      params.push(...value.values);
    } else {
      params.push(value);
      text += `$${params.length}`;
    }
    text += strings[i + 1] ?? '';
  });
  return new SqlQuery(text, params);
}
