import type { TrackedFunction } from '../model/types.ts';
import { type SQL, sql } from '../sql/sql.ts';
import type { CompileCtx } from './context.ts';
import { resolve, Var } from './input.ts';
import type { Source } from './source.ts';

/** Rows of a tracked function called with named arguments (variables stay parameters). */
export function functionSource(ctx: CompileCtx, fn: TrackedFunction, argsValue: unknown): Source {
  const given = (resolve(ctx, argsValue) ?? {}) as Record<string, unknown>;
  const args: SQL[] = [];
  for (const a of fn.args) {
    const v = given[a.name];
    if (v === undefined) continue;
    const param = v instanceof Var ? sql.variable(v.name, 'text') : sql.value(v);
    args.push(sql`${sql.ident(a.name)} => ${param}::${sql.type(a.udt)}`);
  }
  if (fn.sessionArgument) args.push(sql`${sql.ident(fn.sessionArgument)} => ${sql.session('*')}::json`);
  return { from: sql`${sql.ident(fn.schema, fn.name)}(${sql.join(args)})`, filter: true };
}
