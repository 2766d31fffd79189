import type { CatalogTable } from '../catalog/introspect.ts';
import type { Param } from '../sql/sql.ts';

/** A tracked column as the engine uses it. */
export interface Column {
  name: string;
  gqlName: string;
  comment: string | null;
  /** PostgreSQL type name used for casts (element type for arrays). */
  udt: string;
  isArray: boolean;
  /** GraphQL scalar (element scalar for arrays), or the `<T>_enum` name of an enum table. */
  scalar: string;
  /** Enum table this column references, if any. */
  enumTable?: Table;
  nullable: boolean;
  hasDefault: boolean;
  /** Generated / identity-always columns cannot be written. */
  writable: boolean;
}

/** An object or array relationship, resolved to its target table and column mapping. */
export interface Relationship {
  name: string;
  kind: 'object' | 'array';
  target: Table;
  /** [column of this table, column of the target]. */
  mapping: Array<[string, string]>;
  /** Object relationships over NOT NULL FK columns of this table are non-null fields. */
  nullable: boolean;
  /** Object relationships: is the target row written before the parent in nested inserts. */
  insertBefore: boolean;
  comment: string | null;
}

/** A computed field backed by a SQL function of the row. */
export interface ComputedField {
  name: string;
  schema: string;
  fn: string;
  /** Scalar result (udt) or a tracked table for SETOF/table results. */
  returnsTable: Table | null;
  returnsSet: boolean;
  returnUdt: string;
  scalar: string;
  /** Position of the session argument, if any (0-based over the function's arguments). */
  sessionArgument: string | null;
  tableArgument: string | null;
  comment: string | null;
}

/** Operand of a comparison: a bound value, or another column (permission `_ceq`...). */
export type Operand =
  | { kind: 'param'; param: Param; constant?: unknown }
  | { kind: 'column'; column: Column; root: boolean };

/** A boolean expression over a table's rows, from a permission rule or a `where` argument. */
export type BoolExp =
  | { kind: 'and'; items: BoolExp[] }
  | { kind: 'or'; items: BoolExp[] }
  | { kind: 'not'; item: BoolExp }
  | { kind: 'compare'; column: Column; op: string; operand: Operand; nullSafe: boolean; cast?: CastExp }
  | { kind: 'computed'; field: ComputedField; op: string; operand: Operand; nullSafe: boolean }
  /**
   * `targetPerms`: AND the target table's select filter in (GraphQL `where`). Permission rules
   * leave it out, as Hasura does ("those only apply to GraphQL queries"), so rules that traverse
   * to each other (practices ↔ practice_users) do not recurse.
   */
  | { kind: 'rel'; rel: Relationship; where: BoolExp; targetPerms?: boolean }
  | { kind: 'exists'; table: Table; where: BoolExp }
  | {
      kind: 'aggregate';
      rel: Relationship;
      fn: 'count' | 'bool_and' | 'bool_or';
      columns: string[];
      distinct: boolean;
      filter: BoolExp;
      predicate: Array<{ op: string; operand: Operand }>;
    };

/** jsonb `_cast: {String: {...}}`: compare the column cast to text. */
export interface CastExp {
  to: 'text';
}

/** The empty conjunction: always true. */
export const TRUE_EXP: BoolExp = { kind: 'and', items: [] };

/** A preset (`set`) value: a literal or a session variable. */
export type Preset = { kind: 'literal'; value: unknown } | { kind: 'session'; name: string };

/** A role's select permission on a table. */
export interface SelectPermission {
  columns: Set<string>;
  computed: Set<string>;
  filter: BoolExp;
  limit: number | null;
  allowAggregations: boolean;
  queryRootFields: Set<string> | null;
  subscriptionRootFields: Set<string> | null;
  /** Inherited roles: columns only visible where one of their granting parents' filters holds. */
  columnFilters?: Map<string, BoolExp>;
}

/** A role's insert permission on a table. */
export interface InsertPermission {
  /** The permission as written, to compare parents of inherited roles. */
  raw: string;
  columns: Set<string>;
  check: BoolExp;
  set: Map<string, Preset>;
  backendOnly: boolean;
}

/** A role's update permission on a table. */
export interface UpdatePermission {
  /** The permission as written, to compare parents of inherited roles. */
  raw: string;
  columns: Set<string>;
  filter: BoolExp;
  check: BoolExp | null;
  set: Map<string, Preset>;
  backendOnly: boolean;
}

/** A role's delete permission on a table. */
export interface DeletePermission {
  /** The permission as written, to compare parents of inherited roles. */
  raw: string;
  filter: BoolExp;
  backendOnly: boolean;
}

/** Everything one role may do on a table. */
export interface TablePermissions {
  select?: SelectPermission;
  insert?: InsertPermission;
  update?: UpdatePermission;
  delete?: DeletePermission;
}

/** The eleven root fields a table can have (custom_root_fields keys). */
export type RootFieldKind =
  | 'select'
  | 'select_by_pk'
  | 'select_aggregate'
  | 'select_stream'
  | 'insert'
  | 'insert_one'
  | 'update'
  | 'update_by_pk'
  | 'update_many'
  | 'delete'
  | 'delete_by_pk';

/** A tracked table or view with its GraphQL names, relationships and permissions. */
export interface Table {
  schema: string;
  name: string;
  /** GraphQL base name `T`. */
  gqlName: string;
  comment: string | null;
  catalog: CatalogTable;
  columns: Column[];
  columnsByName: Map<string, Column>;
  primaryKey: Column[] | null;
  /** Unique and primary key constraints usable by `on_conflict`. */
  constraints: Array<{ name: string; columns: string[] }>;
  relationships: Map<string, Relationship>;
  computed: Map<string, ComputedField>;
  rootFields: Record<RootFieldKind, { name: string; comment: string | null }>;
  isEnum: boolean;
  enumValues: Array<{ value: string; comment: string | null }>;
  permissions: Map<string, TablePermissions>;
}

/** An argument of an action field. */
export interface ActionArgument {
  name: string;
  /** GraphQL type as written in actions.graphql, e.g. `PlaceOrderInput!`. */
  type: string;
}

/** A relationship from an action's output type to a table. */
export interface ActionRelationship {
  name: string;
  kind: 'object' | 'array';
  target: Table;
  /** [output field, target column]. */
  mapping: Array<[string, string]>;
}

/** A synchronous action: its handler settings, signature and permitted roles. */
export interface Action {
  name: string;
  kind: 'query' | 'mutation';
  handler: string;
  forwardClientHeaders: boolean;
  headers: Array<{ name: string; value?: string; fromEnv?: string }>;
  timeoutMs: number;
  args: ActionArgument[];
  outputType: string;
  roles: Set<string>;
  comment: string | null;
}

/** A tracked SQL function exposed as root fields `<f>` and `<f>_aggregate` (returns rows of a table). */
export interface TrackedFunction {
  schema: string;
  name: string;
  /** Root field name. */
  gqlName: string;
  aggregateName: string;
  table: Table;
  /** Arguments the client passes in `args` (the session argument excluded). */
  args: Array<{ name: string; udt: string; scalar: string; hasDefault: boolean }>;
  sessionArgument: string | null;
  /** Roles listed under `permissions`; roles with select on the table may use it regardless. */
  roles: Set<string>;
  comment: string | null;
}

/** Everything the schema builder and compilers need, resolved and validated once at start. */
export interface Model {
  tables: Table[];
  functions: TrackedFunction[];
  tablesByKey: Map<string, Table>;
  actions: Action[];
  /** SDL of custom types from actions.graphql (object, input, enum, scalar definitions). */
  actionTypesSdl: string;
  actionRelationships: Map<string, ActionRelationship[]>;
  roles: Set<string>;
  inheritedRoles: Map<string, string[]>;
}
