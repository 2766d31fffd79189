import type { Action, BoolExp, SelectPermission, Table, TablePermissions } from '../model/types.ts';
import { MetadataError, type RawMetadata } from './load.ts';

type Obj = Record<string, unknown>;

const or = (items: BoolExp[]): BoolExp => (items.length === 1 ? items[0]! : { kind: 'or', items });

/** Select permission of an inherited role: the union of its parents' (Hasura §4.7). */
function unionSelect(parents: SelectPermission[]): SelectPermission {
  const columns = new Set(parents.flatMap((p) => [...p.columns]));
  const columnFilters = new Map<string, BoolExp>();
  for (const column of columns) {
    const granting = parents.filter((p) => p.columns.has(column));
    if (granting.length < parents.length) columnFilters.set(column, or(granting.map((p) => p.filter)));
  }
  const roots = (pick: (p: SelectPermission) => Set<string> | null) =>
    parents.some((p) => pick(p) === null) ? null : new Set(parents.flatMap((p) => [...pick(p)!]));
  return {
    columns,
    computed: new Set(parents.flatMap((p) => [...p.computed])),
    filter: or(parents.map((p) => p.filter)),
    limit: parents.some((p) => p.limit === null) ? null : Math.max(...parents.map((p) => p.limit!)),
    allowAggregations: parents.some((p) => p.allowAggregations),
    queryRootFields: roots((p) => p.queryRootFields),
    subscriptionRootFields: roots((p) => p.subscriptionRootFields),
    columnFilters,
  };
}

/** Mutation permissions are inherited only when every parent has the identical permission. */
function same<T extends { raw: string }>(parents: Array<T | undefined>): T | undefined {
  const first = parents[0];
  return first && parents.every((p) => p && p.raw === first.raw) ? first : undefined;
}

/** The key of one permission slot (table, kind, role) in the `denied` set of `inheritRoles`. */
export const deniedSlot = (schema: string, table: string, kind: string, role: string) =>
  JSON.stringify([schema, table, kind, role]);

/**
 * Resolves inherited_roles.yaml into per-table permissions and action permissions. `denied`:
 * slots (`deniedSlot`) whose own permission was dropped as inconsistent; they get no permission.
 */
export function inheritRoles(
  raw: RawMetadata,
  tables: Table[],
  actions: Action[],
  out: Map<string, string[]>,
  roles: Set<string>,
  denied: ReadonlySet<string> = new Set(),
) {
  const file = `${raw.dir}/inherited_roles.yaml`;
  const list = raw.inherited_roles;
  if (!Array.isArray(list)) throw new MetadataError(file, '$', 'expected a list');
  const defs = new Map<string, string[]>();
  for (const [i, item] of (list as Obj[]).entries()) {
    if (typeof item?.role_name !== 'string' || !Array.isArray(item.role_set))
      throw new MetadataError(file, `[${i}]`, 'expected {role_name, role_set}');
    for (const key of Object.keys(item))
      if (key !== 'role_name' && key !== 'role_set')
        throw new MetadataError(file, `${item.role_name}.${key}`, 'unknown metadata key');
    defs.set(item.role_name, item.role_set.map(String));
  }
  const resolving = new Set<string>();
  const resolve = (role: string) => {
    if (out.has(role)) return;
    if (resolving.has(role)) throw new MetadataError(file, role, 'inherited roles form a cycle');
    resolving.add(role);
    const parents = defs.get(role)!;
    for (const parent of parents) {
      if (defs.has(parent)) resolve(parent);
      else if (!roles.has(parent) || parent === 'admin')
        throw new MetadataError(file, `${role}.role_set`, `unknown role '${parent}'`);
    }
    for (const table of tables) {
      const ps = parents.map((p) => table.permissions.get(p) ?? ({} as TablePermissions));
      const selects = ps.map((p) => p.select).filter((s): s is SelectPermission => !!s);
      // A permission written for the inherited role itself overrides the inherited one.
      const own = table.permissions.get(role) ?? {};
      // A slot whose own permission was dropped as inconsistent stays empty: falling back to the
      // parents' (wider) union would let a dropped object widen access.
      const slot = <K extends keyof TablePermissions>(kind: K, inherited: () => TablePermissions[K]) =>
        own[kind] ?? (denied.has(deniedSlot(table.schema, table.name, kind, role)) ? undefined : inherited());
      const perms: TablePermissions = {
        select: slot('select', () => (selects.length ? unionSelect(selects) : undefined)),
        insert: slot('insert', () => same(ps.map((p) => p.insert))),
        update: slot('update', () => same(ps.map((p) => p.update))),
        delete: slot('delete', () => same(ps.map((p) => p.delete))),
      };
      if (perms.select || perms.insert || perms.update || perms.delete) table.permissions.set(role, perms);
    }
    for (const action of actions) if (parents.some((p) => action.roles.has(p))) action.roles.add(role);
    out.set(role, parents);
    roles.add(role);
  };
  for (const role of defs.keys()) resolve(role);
}
