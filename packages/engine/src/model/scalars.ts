/** PostgreSQL base types → Hasura's GraphQL scalar names and operator families. */

const SCALARS: Record<string, string> = {
  int4: 'Int',
  int2: 'smallint',
  int8: 'bigint',
  float4: 'Float',
  float8: 'float8',
  numeric: 'numeric',
  text: 'String',
  varchar: 'String',
  name: 'name',
  bpchar: 'bpchar',
  bool: 'Boolean',
};

/** GraphQL scalar for a PostgreSQL type name (`pg_type.typname`). */
export function scalarFor(udt: string): string {
  return SCALARS[udt] ?? udt;
}

const NUMERIC = new Set(['Int', 'smallint', 'bigint', 'Float', 'float8', 'numeric', 'money']);
const TEXT = new Set(['String', 'citext', 'bpchar', 'name']);
const ORDERED = new Set([
  ...NUMERIC,
  ...TEXT,
  'date',
  'time',
  'timetz',
  'timestamp',
  'timestamptz',
  'interval',
]);

/** Scalars summed/averaged by `_aggregate`. */
export const isNumeric = (scalar: string) => NUMERIC.has(scalar);
/** Scalars that take `max`/`min`. */
export const isOrdered = (scalar: string) => ORDERED.has(scalar);
/** Scalars with LIKE/regex operators. */
export const isTextual = (scalar: string) => TEXT.has(scalar);

/** Built-in GraphQL scalars that the engine validates itself. */
export const BUILTIN = new Set(['Int', 'Float', 'String', 'Boolean']);

/** Result scalar of `sum` over a column of this scalar (PostgreSQL widens integer sums). */
export function sumScalar(scalar: string): string {
  if (scalar === 'Int' || scalar === 'smallint') return 'bigint';
  if (scalar === 'bigint') return 'numeric';
  if (scalar === 'Float') return 'Float';
  return scalar;
}

/** Aggregates over columns (`T_aggregate_fields`, aggregate `order_by`), in Hasura's order; each is the SQL function of that name. */
export const AGG_COLUMN_OPS = [
  'avg',
  'max',
  'min',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'sum',
  'var_pop',
  'var_samp',
  'variance',
] as const;

/** Aggregates whose result is always Float. */
export const AGG_FLOAT_OPS = [
  'avg',
  'stddev',
  'stddev_pop',
  'stddev_samp',
  'var_pop',
  'var_samp',
  'variance',
];

/** Comparison operators by family, in the order Hasura lists them. */
export const GENERIC_OPS = ['_eq', '_gt', '_gte', '_in', '_is_null', '_lt', '_lte', '_neq', '_nin'];
/** Pattern operators of text-like scalars. */
export const TEXT_OPS = [
  '_ilike',
  '_iregex',
  '_like',
  '_nilike',
  '_niregex',
  '_nlike',
  '_nregex',
  '_nsimilar',
  '_regex',
  '_similar',
];
/** Operators of jsonb columns. */
export const JSONB_OPS = ['_contained_in', '_contains', '_has_key', '_has_keys_all', '_has_keys_any'];
/** Containment operators of array columns. */
export const ARRAY_OPS = ['_contained_in', '_contains'];
