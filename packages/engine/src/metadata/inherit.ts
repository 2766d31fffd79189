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

/** A mutation slot whose parents' permissions conflict: the role has none, nor do its heirs. */
const CONFLICT = Symbol('conflicting parent permissions');

type Written = { raw: string };

/**
 * A mutation permission of an inherited role, combined as Hasura's `CheckPermission` semigroup
 * does: a parent without the permission is ignored (undefined <> p = p); the parents that have
 * one must have the identical permission, else the slot is inconsistent; and a parent whose own
 * slot was inconsistent makes the heir's inconsistent too (inconsistent <> _ = inconsistent).
 */
function combine(
  parents: Array<Written | undefined | typeof CONFLICT>,
): Written | undefined | typeof CONFLICT {
  if (parents.includes(CONFLICT)) return CONFLICT;
  const defined = parents.filter((p): p is Written => p !== undefined && p !== CONFLICT);
  const first = defined[0];
  if (!first) return undefined;
  return defined.every((p) => p.raw === first.raw) ? first : CONFLICT;
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
  // Inherited slots left empty because their parents' permissions conflict (`deniedSlot` keys).
  const conflicts = new Set<string>();
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
      const mutation = <K extends 'insert' | 'update' | 'delete'>(kind: K): TablePermissions[K] =>
        slot(kind, () => {
          const parentSlots = parents.map((parent, i) =>
            conflicts.has(deniedSlot(table.schema, table.name, kind, parent)) ? CONFLICT : ps[i]![kind],
          );
          const combined = combine(parentSlots);
          if (combined !== CONFLICT) return combined as TablePermissions[K];
          conflicts.add(deniedSlot(table.schema, table.name, kind, role));
          return undefined as TablePermissions[K];
        });
      const perms: TablePermissions = {
        select: slot('select', () => (selects.length ? unionSelect(selects) : undefined)),
        insert: mutation('insert'),
        update: mutation('update'),
        delete: mutation('delete'),
      };
      if (perms.select || perms.insert || perms.update || perms.delete) table.permissions.set(role, perms);
    }
    for (const action of actions) if (parents.some((p) => action.roles.has(p))) action.roles.add(role);
    out.set(role, parents);
    roles.add(role);
  };
  for (const role of defs.keys()) resolve(role);
}
