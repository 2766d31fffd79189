import { GraphQLList, GraphQLNonNull, GraphQLObjectType, type GraphQLOutputType } from 'graphql';
import { HasuraError } from '../errors.ts';
import type { Action } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { outputInfo } from '../schema/info.ts';
import { type Compiled, render, sql } from '../sql/sql.ts';
import type { CompileCtx, Selected } from './context.ts';
import type { ActionOutput, StatementRunner } from './plan.ts';
import { listQuery, objectQuery } from './select.ts';
import { tableSource } from './source.ts';

const bad = (message: string) => new HasuraError('unexpected', message);

/** Compiles an action field: its arguments (variables stay references) and the output shaper. */
export function compileAction(
  ctx: CompileCtx,
  sel: Selected,
  action: Action,
): { action: Action; args: unknown; output: ActionOutput } {
  return { action, args: ctx.args(sel), output: shaper(ctx, sel, sel.def!.type) };
}

/** Builds a function that validates a webhook value against the output type and projects the selection. */
function shaper(ctx: CompileCtx, sel: Selected, type: GraphQLOutputType): ActionOutput {
  if (type instanceof GraphQLNonNull) {
    const inner = shaper(ctx, sel, type.ofType);
    return async (v, r) => {
      if (v === null || v === undefined) throw bad(`expecting not null value for field "${sel.name}"`);
      return inner(v, r);
    };
  }
  if (type instanceof GraphQLList) {
    const inner = shaper(ctx, sel, type.ofType);
    return async (v, r) => {
      if (v === null || v === undefined) return 'null';
      if (!Array.isArray(v)) throw bad('expecting array for action webhook response but got object');
      const items: string[] = [];
      for (const item of v) items.push(await inner(item, r));
      return `[${items.join(',')}]`;
    };
  }
  if (!(type instanceof GraphQLObjectType)) return async (v) => JSON.stringify(v ?? null);
  const fields = ctx.subfields(sel, type);
  const declared = Object.values(type.getFields()).filter((f) => !outputInfo(f));
  const plans = fields.map((f) => {
    if (f.name === '__typename') return { f, run: async () => JSON.stringify(type.name) };
    const meta = outputInfo(f.def!);
    if (meta?.kind === 'action_rel') {
      const rel = meta.rel;
      const join = (alias: string) =>
        sql.join(
          rel.mapping.map(
            ([field, column]) =>
              sql`${sql.ident(alias, column)} = ${sql.runtime(`f:${field}`)}::${sql.type(rel.target.columnsByName.get(column)!.udt)}`,
          ),
          sql` AND `,
        );
      const src = tableSource(rel.target, join);
      const target = f.def!.type instanceof GraphQLNonNull ? f.def!.type.ofType : f.def!.type;
      const q =
        rel.kind === 'object'
          ? objectQuery(ctx, rel.target, TRUE_EXP, f, target as GraphQLObjectType, src)
          : listQuery(
              ctx,
              rel.target,
              ctx.args(f),
              f,
              (target as GraphQLList<GraphQLObjectType>).ofType instanceof GraphQLNonNull
                ? (target as GraphQLList<GraphQLNonNull<GraphQLObjectType>>).ofType.ofType
                : (target as GraphQLList<GraphQLObjectType>).ofType,
              src,
            );
      const statement: Compiled = render(sql`SELECT (SELECT _q.j FROM (${q}) AS _q)::text AS root`);
      return {
        f,
        run: async (obj: Record<string, unknown>, runner: StatementRunner) => {
          const runtime = Object.fromEntries(
            rel.mapping.map(([field]) => [
              `f:${field}`,
              obj[field] === null || obj[field] === undefined ? null : String(obj[field]),
            ]),
          );
          const [row] = await runner.run(statement, runtime);
          return (row?.root as string | null) ?? (rel.kind === 'array' ? '[]' : 'null');
        },
      };
    }
    const inner = shaper(ctx, f, f.def!.type);
    return {
      f,
      run: async (obj: Record<string, unknown>, runner: StatementRunner) => inner(obj[f.name], runner),
    };
  });
  return async (v, runner) => {
    if (v === null || v === undefined) return 'null';
    if (typeof v !== 'object' || Array.isArray(v))
      throw bad('expecting object for action webhook response but got array');
    const obj = v as Record<string, unknown>;
    for (const d of declared)
      if (d.type instanceof GraphQLNonNull && !(d.name in obj))
        throw bad(`field "${d.name}" expected in webhook response, but not found`);
    const extra = Object.keys(obj).filter((k) => !declared.some((d) => d.name === k));
    if (extra.length) throw bad(`unexpected fields in webhook response: ${extra.join(', ')}`);
    const parts: string[] = [];
    for (const p of plans) parts.push(`${JSON.stringify(p.f.alias)}:${await p.run(obj, runner)}`);
    return `{${parts.join(',')}}`;
  };
}
