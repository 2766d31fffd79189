import type { GraphQLInputObjectType } from 'graphql';
import { HasuraError, validationError } from '../errors.ts';
import type { InsertPermission, Relationship, Table } from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';
import { inputInfo } from '../schema/info.ts';
import { type Compiled, encodeConst, type SQL, sql } from '../sql/sql.ts';
import { type CompileCtx, objectType, type Selected } from './context.ts';
import { resolve } from './input.ts';
import type { StatementRunner } from './plan.ts';
import { boolSql, whereFromInput } from './where.ts';
import {
  type MutationRun,
  mutationOutput,
  mutationStatements,
  presetSql,
  runMutation,
  runWrite,
  valueSql,
  writeStatement,
} from './write.ts';

interface InsertNode {
  table: Table;
  perm: InsertPermission;
  /** Column → value SQL (from input, presets); runtime FK values are added at run time. */
  values: Map<string, SQL>;
  before: Array<{ rel: Relationship; node: InsertNode }>;
  after: Array<{ rel: Relationship; nodes: InsertNode[] }>;
  onConflict: SQL;
  upsert: boolean;
  /** The insert check (update check for rows an upsert updated), over `_b`. */
  check: SQL;
}

/** Compiles `insert_T` / `insert_T_one`. */
export function compileInsert(ctx: CompileCtx, table: Table, sel: Selected, one: boolean): MutationRun {
  const args = ctx.args(sel);
  const inputType = sel.def!.args.find((a) => a.name === (one ? 'object' : 'objects'))!.type;
  const objects = (one ? [resolve(ctx, args.object)] : (resolve(ctx, args.objects) as unknown[])).map((o) =>
    resolve(ctx, o),
  ) as Array<Record<string, unknown>>;
  const insertType = unwrapInput(inputType) as GraphQLInputObjectType;
  const path = `${sel.path}.args.${one ? 'object' : 'objects'}`;
  const nodes = objects.map((o, i) =>
    insertNode(
      ctx,
      table,
      o,
      insertType,
      resolve(ctx, args.on_conflict) as Record<string, unknown> | undefined,
      one ? path : `${path}[${i}]`,
    ),
  );
  const outType = objectType(sel.def!.type);
  // One multi-row INSERT unless rows nest or have no columns at all (DEFAULT VALUES is one row).
  const flat =
    nodes.length > 0 && nodes.every((n) => !n.before.length && !n.after.length && n.values.size > 0);
  const output = mutationOutput(ctx, table, sel, outType, one ? 'row' : 'response', flat);
  if (flat) {
    const batch = insertStatement(nodes, [], output.inline);
    return {
      run: (runner: StatementRunner) => runMutation(runner, batch, output),
      statements: mutationStatements(batch, output),
    };
  }
  const final = output.statement!;
  const run = async (runner: StatementRunner): Promise<string> => {
    const rows: unknown[] = [];
    let count = 0;
    for (const node of nodes) {
      const r = await runNode(runner, node, new Map());
      count += r.count;
      if (r.row) rows.push(r.row);
    }
    const [row] = await runner.run(final, { rows: JSON.stringify(rows), count: String(count) });
    return (row!.root as string | null) ?? 'null';
  };
  return { run };
}

const unwrapInput = (t: unknown): unknown =>
  (t as { ofType?: unknown }).ofType ? unwrapInput((t as { ofType: unknown }).ofType) : t;

function insertNode(
  ctx: CompileCtx,
  table: Table,
  obj: Record<string, unknown>,
  type: GraphQLInputObjectType,
  onConflictArg: Record<string, unknown> | undefined,
  path: string,
): InsertNode {
  const perm = ctx.t.perms(table).insert!;
  const fields = type.getFields();
  const node: InsertNode = {
    table,
    perm,
    values: new Map(),
    before: [],
    after: [],
    onConflict: sql``,
    upsert: false,
    check: sql`true`,
  };
  for (const [key, value] of Object.entries(obj)) {
    const meta = inputInfo(fields[key]!);
    if (meta?.kind === 'column')
      node.values.set(meta.column.name, value === null ? sql`NULL` : valueSql(meta.column, value));
  }
  for (const [key, raw] of Object.entries(obj)) {
    const meta = inputInfo(fields[key]!);
    if (meta?.kind !== 'rel' || raw === null) continue;
    const rel = meta.rel;
    const value = resolve(ctx, raw) as Record<string, unknown>;
    const relType = unwrapInput(fields[key]!.type) as GraphQLInputObjectType;
    const dataType = unwrapInput(relType.getFields().data!.type) as GraphQLInputObjectType;
    const conflict = resolve(ctx, value.on_conflict) as Record<string, unknown> | undefined;
    const here = `${path}.${key}`;
    if (rel.kind === 'object' && rel.insertBefore) {
      const determined = rel.mapping.map(([local]) => local).filter((c) => node.values.has(c));
      if (determined.length)
        throw validationError(
          `cannot insert object relationship "${rel.name}" as "${determined.join('", "')}" column values are already determined`,
          here,
        );
      node.before.push({
        rel,
        node: insertNode(
          ctx,
          rel.target,
          resolve(ctx, value.data) as Record<string, unknown>,
          dataType,
          conflict,
          `${here}.data`,
        ),
      });
    } else {
      const data =
        rel.kind === 'object' ? [resolve(ctx, value.data)] : (resolve(ctx, value.data) as unknown[]);
      const children = data.map((d, i) => {
        const child = insertNode(
          ctx,
          rel.target,
          resolve(ctx, d) as Record<string, unknown>,
          dataType,
          conflict,
          `${here}.data[${i}]`,
        );
        for (const [, remote] of rel.mapping)
          if (child.values.has(remote))
            throw validationError(
              `cannot insert array relationship "${rel.name}" as "${remote}" column values are already determined`,
              here,
            );
        return child;
      });
      node.after.push({ rel, nodes: children });
    }
  }
  for (const [column, preset] of perm.set)
    node.values.set(column, presetSql(table.columnsByName.get(column)!, preset));
  if (onConflictArg) {
    const constraint = String(resolve(ctx, onConflictArg.constraint));
    const columns = ((resolve(ctx, onConflictArg.update_columns) as string[] | undefined) ?? []).filter(
      (c) => c !== '_PLACEHOLDER',
    );
    const update = ctx.t.perms(table).update!;
    if (!columns.length)
      node.onConflict = sql` ON CONFLICT ON CONSTRAINT ${sql.ident(constraint)} DO NOTHING`;
    else {
      const sets = columns.map((c) => sql`${sql.ident(c)} = EXCLUDED.${sql.ident(c)}`);
      for (const [column, preset] of update.set)
        sets.push(sql`${sql.ident(column)} = ${presetSql(table.columnsByName.get(column)!, preset)}`);
      const conds: SQL[] = [boolSql(ctx, update.filter, { alias: '_b', root: '_b' })];
      if (onConflictArg.where) {
        conds.push(
          boolSql(
            ctx,
            whereFromInput(
              ctx,
              resolve(ctx, onConflictArg.where),
              ctx.t.boolExp(table),
              `${path}.on_conflict.where`,
            ),
            { alias: '_b', root: '_b' },
          ),
        );
      }
      node.onConflict = sql` ON CONFLICT ON CONSTRAINT ${sql.ident(constraint)} DO UPDATE SET ${sql.join(sets)} WHERE ${sql.join(conds, sql` AND `)}`;
      node.upsert = true;
    }
  }
  const scope = { alias: '_b', root: '_b' };
  node.check = boolSql(ctx, perm.check, scope);
  if (node.upsert)
    node.check = sql`CASE WHEN _b.xmax = 0 THEN ${node.check} ELSE ${boolSql(ctx, ctx.t.perms(table).update!.check ?? TRUE_EXP, scope)} END`;
  return node;
}

/** One INSERT for nodes sharing a table and shape; `runtimeColumns` come from already-written rows. */
function insertStatement(nodes: InsertNode[], runtimeColumns: string[], inline?: SQL): Compiled {
  const first = nodes[0]!;
  const table = first.table;
  const columns = [...new Set([...nodes.flatMap((n) => [...n.values.keys()]), ...runtimeColumns])];
  const rows = nodes.map(
    (n) =>
      sql`(${sql.join(columns.map((c) => (runtimeColumns.includes(c) ? sql`${sql.runtime(`fk:${c}`)}::${sql.type(table.columnsByName.get(c)!.udt)}` : (n.values.get(c) ?? sql`DEFAULT`))))})`,
  );
  // Rows of one batch share permissions, hence the same check.
  const check = first.check;
  const target = sql`${sql.ident(table.schema, table.name)} AS _b`;
  const insert = columns.length
    ? sql`INSERT INTO ${target} (${sql.join(columns.map((c) => sql`${sql.ident(c)}`))}) VALUES ${sql.join(rows)}`
    : sql`INSERT INTO ${target} DEFAULT VALUES`;
  return writeStatement(sql`${insert}${first.onConflict} RETURNING _b.*, (${check}) AS __check`, inline);
}

async function runNode(
  runner: StatementRunner,
  node: InsertNode,
  inherited: Map<string, string | null>,
): Promise<{ count: number; row: Record<string, unknown> | null }> {
  let count = 0;
  const runtime = new Map(inherited);
  for (const { rel, node: child } of node.before) {
    const r = await runNode(runner, child, new Map());
    count += r.count;
    if (!r.row)
      throw new HasuraError(
        'not-supported',
        `cannot proceed to insert array relations since insert to table "${child.table.name}" affects zero rows`,
      );
    for (const [local, remote] of rel.mapping) runtime.set(local, encodeConst(r.row[remote]));
  }
  const statement = statementFor(node, [...runtime.keys()]);
  const w = await runWrite(
    runner,
    statement,
    Object.fromEntries([...runtime].map(([k, v]) => [`fk:${k}`, v])),
  );
  count += w.count;
  const row = (JSON.parse(w.rows) as Array<Record<string, unknown>>)[0] ?? null;
  for (const { rel, nodes } of node.after) {
    if (!row)
      throw new HasuraError(
        'not-supported',
        `cannot proceed to insert array relations since insert to table "${node.table.name}" affects zero rows`,
      );
    const fk = new Map(
      rel.mapping.map(([local, remote]) => [remote, encodeConst(row[local])] as [string, string | null]),
    );
    for (const child of nodes) count += (await runNode(runner, child, fk)).count;
  }
  return { count, row };
}

const statements = new WeakMap<InsertNode, Map<string, Compiled>>();
function statementFor(node: InsertNode, runtimeColumns: string[]): Compiled {
  let cache = statements.get(node);
  if (!cache) {
    cache = new Map();
    statements.set(node, cache);
  }
  const key = runtimeColumns.join(',');
  let s = cache.get(key);
  if (!s) {
    s = insertStatement([node], runtimeColumns);
    cache.set(key, s);
  }
  return s;
}

export type { InsertNode };
