import type {
  DeletePermission,
  InsertPermission,
  Preset,
  SelectPermission,
  Table,
  TablePermissions,
  UpdatePermission,
} from '../model/types.ts';
import { MetadataError } from './load.ts';
import { isSessionVariable, parsePermissionExp } from './perm-exp.ts';
import type { Lookup } from './relations-model.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

function presets(raw: unknown, table: Table, file: string, key: string): Map<string, Preset> {
  const out = new Map<string, Preset>();
  if (!isObj(raw)) return out;
  for (const [column, value] of Object.entries(raw)) {
    if (!table.columnsByName.has(column)) throw new MetadataError(file, `${key}.${column}`, 'no such column');
    out.set(
      column,
      isSessionVariable(value) ? { kind: 'session', name: value.toLowerCase() } : { kind: 'literal', value },
    );
  }
  return out;
}

const columnSet = (raw: unknown, table: Table) =>
  new Set(raw === '*' ? table.columns.map((c) => c.name) : Array.isArray(raw) ? raw.map(String) : []);

/** Resolves a table entry's four permission lists (rules parsed and validated). */
export function permissions(
  entry: Obj,
  table: Table,
  lookup: Lookup,
  file: string,
  guard: (fn: () => void) => void,
) {
  const perms = (role: string): TablePermissions => {
    let p = table.permissions.get(role);
    if (!p) {
      p = {};
      table.permissions.set(role, p);
    }
    return p;
  };
  for (const kind of ['select', 'insert', 'update', 'delete'] as const) {
    const list = entry[`${kind}_permissions`];
    if (!Array.isArray(list)) continue;
    for (const item of list as Obj[]) {
      const role = String(item.role);
      const p = item.permission as Obj;
      const key = `table ${table.schema}.${table.name}.${kind}_permissions.${role}.permission`;
      const exp = (name: string) =>
        parsePermissionExp(p[name], table, table, { file, key: `${key}.${name}`, tableByName: lookup });
      guard(() => {
        if (p.validate_input !== undefined)
          throw new MetadataError(
            file,
            `${key}.validate_input`,
            'input validation webhooks are not supported by this engine',
          );
        if (kind === 'select') {
          const limit = p.limit === undefined || p.limit === null ? null : Number(p.limit);
          if (limit !== null && (!Number.isInteger(limit) || limit < 0))
            throw new MetadataError(file, `${key}.limit`, 'expected a non-negative integer');
          const rootSet = (name: string) =>
            Array.isArray(p[name]) ? new Set((p[name] as unknown[]).map(String)) : null;
          const select: SelectPermission = {
            columns: columnSet(p.columns, table),
            computed: new Set(Array.isArray(p.computed_fields) ? p.computed_fields.map(String) : []),
            filter: exp('filter'),
            limit,
            allowAggregations: p.allow_aggregations === true,
            queryRootFields: rootSet('query_root_fields'),
            subscriptionRootFields: rootSet('subscription_root_fields'),
          };
          perms(role).select = select;
        } else if (kind === 'insert') {
          const insert: InsertPermission = {
            raw: JSON.stringify(p),
            columns: columnSet(p.columns, table),
            check: exp('check'),
            set: presets(p.set, table, file, `${key}.set`),
            backendOnly: p.backend_only === true,
          };
          perms(role).insert = insert;
        } else if (kind === 'update') {
          const update: UpdatePermission = {
            raw: JSON.stringify(p),
            columns: columnSet(p.columns, table),
            filter: exp('filter'),
            check: p.check === undefined || p.check === null ? null : exp('check'),
            set: presets(p.set, table, file, `${key}.set`),
            backendOnly: p.backend_only === true,
          };
          perms(role).update = update;
        } else {
          const del: DeletePermission = {
            raw: JSON.stringify(p),
            filter: exp('filter'),
            backendOnly: p.backend_only === true,
          };
          perms(role).delete = del;
        }
      });
    }
  }
}
