import type {
  DeletePermission,
  InsertPermission,
  SelectPermission,
  Table,
  TablePermissions,
  UpdatePermission,
} from '../model/types.ts';
import { TRUE_EXP } from '../model/types.ts';

const adminCache = new WeakMap<Table, TablePermissions>();

/** Full permissions, as the admin role has on every table. */
export function adminPermissions(table: Table): TablePermissions {
  let perms = adminCache.get(table);
  if (!perms) {
    const all = new Set(table.columns.map((c) => c.name));
    const select: SelectPermission = {
      columns: all,
      computed: new Set(table.computed.keys()),
      filter: TRUE_EXP,
      limit: null,
      allowAggregations: true,
      queryRootFields: null,
      subscriptionRootFields: null,
    };
    const writable = new Set(table.columns.filter((c) => c.writable).map((c) => c.name));
    const insert: InsertPermission = {
      raw: '',
      columns: writable,
      check: TRUE_EXP,
      set: new Map(),
      backendOnly: false,
    };
    const update: UpdatePermission = {
      raw: '',
      columns: writable,
      filter: TRUE_EXP,
      check: null,
      set: new Map(),
      backendOnly: false,
    };
    const del: DeletePermission = { raw: '', filter: TRUE_EXP, backendOnly: false };
    perms = { select, insert, update, delete: del };
    adminCache.set(table, perms);
  }
  return perms;
}

/** What one role (optionally with backend-only permissions) may do on a table. */
export function permissionsFor(table: Table, role: string, backendOnly: boolean): TablePermissions {
  if (role === 'admin') return writableOnly(table, adminPermissions(table));
  const perms = table.permissions.get(role);
  if (!perms) return {};
  const keep = <T extends { backendOnly: boolean }>(p: T | undefined) =>
    p && (!p.backendOnly || backendOnly) ? p : undefined;
  return writableOnly(table, {
    select: perms.select,
    insert: keep(perms.insert),
    update: keep(perms.update),
    delete: keep(perms.delete),
  });
}

/**
 * GraphQL types need at least one field, and PostgreSQL must be able to write the relation: a
 * select without columns or computed fields exposes nothing, an insert without client-writable
 * columns has no input type, and read-only views get no mutations (as in Hasura).
 */
function writableOnly(table: Table, perms: TablePermissions): TablePermissions {
  const can = table.catalog.writable ?? { insert: true, update: true, delete: true };
  const { select, insert, update } = perms;
  return {
    select: select && (select.columns.size || select.computed.size) ? select : undefined,
    insert:
      can.insert &&
      insert &&
      table.columns.some((c) => c.writable && insert.columns.has(c.name) && !insert.set.has(c.name))
        ? insert
        : undefined,
    update: can.update ? update : undefined,
    delete: can.delete ? perms.delete : undefined,
  };
}
