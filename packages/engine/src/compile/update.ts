import type { GraphQLInputObjectType } from 'graphql';
import { validationError } from '../errors.ts';
import type { BoolExp, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { inputInfo } from '../schema/info.ts';
import { type Compiled, type SQL, sql } from '../sql/sql.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { resolve, Var } from './input.ts';
import type { StatementRunner } from './plan.ts';
import { boolSql, whereFromInput } from './where.ts';
import {
  type MutationRun,
  mutationOutput,
  mutationStatements,
  presetSql,
  runMutation,
  valueSql,
  writeStatement,
} from './write.ts';

/**
 * Updates and deletes set `hasura.user` themselves, joined as a one-row source: every row reaches
 * its triggers only after the setting is made, and the transaction saves a round trip. (Triggers
 * of a statement that matches no row, and BEFORE STATEMENT triggers, do not see it.)
 */
const SET_USER = sql`(SELECT set_config('hasura.user', ${sql.session('*')}::text, true)) AS _cfg`;

const OPERATORS = ['_set', '_inc', '_append', '_prepend', '_delete_key', '_delete_elem', '_delete_at_path'];

/** A permission check that always passes (none, or `{}`). */
const isTrue = (exp: BoolExp | null | undefined) => !exp || (exp.kind === 'and' && exp.items.length === 0);

/** Equality on the primary key from `pk_columns` or by-pk arguments. */
export function pkExp(table: Table, values: Record<string, unknown>): BoolExp {
  return {
    kind: 'and',
    items: table.primaryKey!.map((c) => {
      const v = values[c.gqlName];
      const param = v instanceof Var ? sql.variable(v.name, 'text') : sql.value(v);
      return {
        kind: 'compare',
        column: c,
        op: '_eq',
        operand: { kind: 'param', param },
        nullSafe: false,
      } as BoolExp;
    }),
  };
}

function setClauses(
  ctx: CompileCtx,
  table: Table,
  args: Record<string, unknown>,
  argTypes: Map<string, GraphQLInputObjectType>,
  path: string,
): SQL[] {
  const sets: SQL[] = [];
  let any = false;
  for (const op of OPERATORS) {
    const value = resolve(ctx, args[op]) as Record<string, unknown> | undefined | null;
    if (value === undefined || value === null) continue;
    any = true;
    const fields = argTypes.get(op)!.getFields();
    for (const [key, v] of Object.entries(value)) {
      const meta = inputInfo(fields[key]!);
      if (meta?.kind !== 'column') continue;
      const c = meta.column;
      const col = sql.ident(c.name);
      const cur = sql`${sql.ident('_b', c.name)}`;
      const param = (encode: 'text' | 'json' | 'array') =>
        v instanceof Var
          ? sql.variable(v.name, encode)
          : sql.value(encode === 'json' ? JSON.stringify(v) : v);
      if (v === null && op === '_set') sets.push(sql`${col} = NULL`);
      else if (op === '_set') sets.push(sql`${col} = ${valueSql(c, v)}`);
      else if (op === '_inc') sets.push(sql`${col} = ${cur} + ${valueSql(c, v)}`);
      else if (op === '_append') sets.push(sql`${col} = ${cur} || ${param('json')}::jsonb`);
      else if (op === '_prepend') sets.push(sql`${col} = ${param('json')}::jsonb || ${cur}`);
      else if (op === '_delete_key') sets.push(sql`${col} = ${cur} - ${param('text')}::text`);
      else if (op === '_delete_elem') sets.push(sql`${col} = ${cur} - ${param('text')}::integer`);
      else sets.push(sql`${col} = ${cur} #- ${param('array')}::text[]`);
    }
  }
  if (!any) throw validationError(`at least any one of ${OPERATORS.join(', ')} is expected`, path);
  const update = ctx.t.perms(table).update!;
  for (const [column, preset] of update.set)
    sets.push(sql`${sql.ident(column)} = ${presetSql(table.columnsByName.get(column)!, preset)}`);
  return sets;
}

function updateStatement(
  ctx: CompileCtx,
  table: Table,
  args: Record<string, unknown>,
  where: BoolExp,
  argTypes: Map<string, GraphQLInputObjectType>,
  path: string,
  inline?: SQL,
): Compiled {
  const update = ctx.t.perms(table).update!;
  const scope = { alias: '_b', root: '_b' };
  const sets = setClauses(ctx, table, args, argTypes, path);
  const check = boolSql(ctx, update.check ?? TRUE_EXP, scope);
  return writeStatement(
    sql`UPDATE ${sql.ident(table.schema, table.name)} AS _b SET ${sql.join(sets)} FROM ${SET_USER} WHERE ${boolSql(ctx, update.filter, scope)} AND ${boolSql(ctx, where, scope)} RETURNING _b.*, (${check}) AS __check`,
    inline,
  );
}

const typesOf = (fields: ReadonlyArray<{ name: string; type: unknown }>) => {
  const out = new Map<string, GraphQLInputObjectType>();
  for (const f of fields) {
    let t = f.type as { ofType?: unknown };
    while (t.ofType) t = t.ofType as { ofType?: unknown };
    out.set(f.name, t as unknown as GraphQLInputObjectType);
  }
  return out;
};

/** `update_T`, `update_T_by_pk`, `update_T_many`. */
export function compileUpdate(
  ctx: CompileCtx,
  table: Table,
  sel: Selected,
  kind: 'update' | 'update_by_pk' | 'update_many',
): MutationRun {
  const args = ctx.args(sel);
  const argTypes = typesOf(sel.def!.args);
  const outType = objectType(sel.def!.type);
  if (kind === 'update_many') {
    const updates = resolve(ctx, args.updates) as Array<Record<string, unknown>>;
    const itemTypes = typesOf(Object.values(argTypes.get('updates')!.getFields()));
    const output = mutationOutput(ctx, table, sel, outType, 'response');
    const steps = updates.map((raw, i) => {
      const u = resolve(ctx, raw) as Record<string, unknown>;
      const where = whereFromInput(
        ctx,
        resolve(ctx, u.where),
        itemTypes.get('where')!,
        `${sel.path}.args.updates[${i}].where`,
      );
      return updateStatement(
        ctx,
        table,
        u,
        where,
        itemTypes,
        `${sel.path}.args.updates[${i}]`,
        output.inline,
      );
    });
    return {
      run: async (runner: StatementRunner) => {
        const out: string[] = [];
        for (const step of steps) out.push(await runMutation(runner, step, output));
        return `[${out.join(',')}]`;
      },
      statements: steps.flatMap((step) => mutationStatements(step, output)),
    };
  }
  const where =
    kind === 'update_by_pk'
      ? pkExp(table, resolve(ctx, args.pk_columns) as Record<string, unknown>)
      : whereFromInput(ctx, resolve(ctx, args.where), argTypes.get('where')!, `${sel.path}.args.where`);
  const output = mutationOutput(ctx, table, sel, outType, kind === 'update_by_pk' ? 'row' : 'response');
  const statement = updateStatement(ctx, table, args, where, argTypes, `${sel.path}.args`, output.inline);
  const check = ctx.t.perms(table).update!.check;
  const statements = mutationStatements(statement, output);
  return {
    run: (runner: StatementRunner) => runMutation(runner, statement, output),
    statements,
    atomic: statements.length === 1 && isTrue(check),
  };
}

/** `delete_T`, `delete_T_by_pk`. */
export function compileDelete(ctx: CompileCtx, table: Table, sel: Selected, byPk: boolean): MutationRun {
  const args = ctx.args(sel);
  const perm = ctx.t.perms(table).delete!;
  const scope = { alias: '_b', root: '_b' };
  const where = byPk
    ? pkExp(table, args)
    : whereFromInput(
        ctx,
        resolve(ctx, args.where),
        typesOf(sel.def!.args).get('where')!,
        `${sel.path}.args.where`,
      );
  const outType = objectType(sel.def!.type);
  const output = mutationOutput(ctx, table, sel, outType, byPk ? 'row' : 'response');
  const statement = writeStatement(
    sql`DELETE FROM ${sql.ident(table.schema, table.name)} AS _b USING ${SET_USER} WHERE ${boolSql(ctx, perm.filter, scope)} AND ${boolSql(ctx, where, scope)} RETURNING _b.*, true AS __check`,
    output.inline,
  );
  const statements = mutationStatements(statement, output);
  // A delete has no check.
  return {
    run: (runner: StatementRunner) => runMutation(runner, statement, output),
    statements,
    atomic: statements.length === 1,
  };
}
