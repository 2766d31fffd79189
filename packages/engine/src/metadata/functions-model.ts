import type { Catalog } from '../catalog/introspect.ts';
import { tableKey } from '../catalog/introspect.ts';
import { scalarFor } from '../model/scalars.ts';
import type { Table, TrackedFunction } from '../model/types.ts';
import { qualifiedTable } from './check.ts';
import { fileOf, MetadataError } from './load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

const FUNCTION_KEYS = new Set(['function', 'configuration', 'permissions', 'comment']);
const CONFIGURATION_KEYS = new Set(['exposed_as', 'custom_name', 'custom_root_fields', 'session_argument']);

/**
 * Resolves `functions` of a source: each must return rows of a tracked table (SETOF or the row
 * type), have named arguments and be exposed as a query (STABLE/IMMUTABLE, or `exposed_as: query`).
 */
export function buildFunctions(
  entries: unknown[],
  catalog: Catalog,
  lookup: (schema: string, name: string) => Table | undefined,
  fallback: string,
  guard: (fn: () => void) => void,
): TrackedFunction[] {
  const out: TrackedFunction[] = [];
  entries.forEach((entry, i) => {
    guard(() => {
      const file = fileOf(entry, fallback);
      if (!isObj(entry))
        throw new MetadataError(file, `functions[${i}]`, 'expected {function, configuration, permissions}');
      const name = qualifiedTable(entry.function);
      if (!name)
        throw new MetadataError(
          file,
          `functions[${i}].function`,
          'expected {schema, name} or a function name',
        );
      const key = `function ${name.schema}.${name.name}`;
      for (const k of Object.keys(entry))
        if (!FUNCTION_KEYS.has(k))
          throw new MetadataError(file, `${key}.${k}`, 'unknown or unsupported metadata key');
      const config = (isObj(entry.configuration) ? entry.configuration : {}) as Obj;
      for (const k of Object.keys(config))
        if (!CONFIGURATION_KEYS.has(k))
          throw new MetadataError(file, `${key}.configuration.${k}`, 'unknown or unsupported metadata key');
      const overloads = catalog.functions.get(tableKey(name.schema, name.name)) ?? [];
      if (overloads.length !== 1)
        throw new MetadataError(
          file,
          `${key}.function`,
          overloads.length ? 'overloaded functions are not supported' : 'no such function in the database',
        );
      const fn = overloads[0]!;
      const table = lookup(fn.returnType.schema, fn.returnType.name);
      if (!table)
        throw new MetadataError(
          file,
          `${key}.function`,
          `must return rows of a tracked table, returns ${fn.returnType.schema}.${fn.returnType.name}`,
        );
      const exposedAs = config.exposed_as ?? (fn.volatility === 'v' ? 'mutation' : 'query');
      if (exposedAs !== 'query')
        throw new MetadataError(
          file,
          `${key}.configuration.exposed_as`,
          'functions exposed as mutations are not supported by this engine (VOLATILE functions need exposed_as: query)',
        );
      const sessionArgument = typeof config.session_argument === 'string' ? config.session_argument : null;
      if (sessionArgument && !fn.argTypes.some((a) => a.name === sessionArgument))
        throw new MetadataError(file, `${key}.configuration.session_argument`, 'no such argument');
      const args = fn.argTypes.filter((a) => a.name !== sessionArgument);
      if (args.some((a) => !a.name))
        throw new MetadataError(file, `${key}.function`, 'every argument needs a name');
      const roots = (isObj(config.custom_root_fields) ? config.custom_root_fields : {}) as Obj;
      for (const k of Object.keys(roots))
        if (k !== 'function' && k !== 'function_aggregate')
          throw new MetadataError(
            file,
            `${key}.configuration.custom_root_fields.${k}`,
            'unknown metadata key',
          );
      const base =
        typeof config.custom_name === 'string'
          ? config.custom_name
          : name.schema === 'public'
            ? name.name
            : `${name.schema}_${name.name}`;
      const permissions = Array.isArray(entry.permissions) ? (entry.permissions as Obj[]) : [];
      out.push({
        schema: name.schema,
        name: name.name,
        gqlName: typeof roots.function === 'string' ? roots.function : base,
        aggregateName:
          typeof roots.function_aggregate === 'string' ? roots.function_aggregate : `${base}_aggregate`,
        table,
        args: args.map((a) => ({
          name: a.name!,
          udt: a.udt,
          scalar: scalarFor(a.udt),
          hasDefault: a.hasDefault,
        })),
        sessionArgument,
        roles: new Set(permissions.map((p) => String(p.role))),
        comment: typeof entry.comment === 'string' ? entry.comment : fn.comment,
      });
    });
  });
  return out;
}
