import type { BoolExp, Column, Operand, Table } from '../model/types.ts';
import { sql } from '../sql/sql.ts';
import { MetadataError } from './load.ts';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Metadata spellings of comparison operators → the canonical GraphQL name. */
const OPERATORS: Record<string, string> = {};
for (const op of [
  'eq',
  'neq',
  'gt',
  'lt',
  'gte',
  'lte',
  'in',
  'nin',
  'is_null',
  'like',
  'nlike',
  'ilike',
  'nilike',
  'similar',
  'nsimilar',
  'regex',
  'nregex',
  'iregex',
  'niregex',
  'contains',
  'contained_in',
  'has_key',
  'has_keys_any',
  'has_keys_all',
]) {
  OPERATORS[`_${op}`] = `_${op}`;
  OPERATORS[`$${op}`] = `_${op}`;
}
OPERATORS._ne = '_neq';
OPERATORS.$ne = '_neq';
const COLUMN_OPERATORS: Record<string, string> = {
  _ceq: '_eq',
  _cne: '_neq',
  _cneq: '_neq',
  _cgt: '_gt',
  _clt: '_lt',
  _cgte: '_gte',
  _clte: '_lte',
};

/** Context for parsing a permission rule: the file it came from and how to find other tables. */
export interface PermExpContext {
  file: string;
  key: string;
  tableByName(schema: string, name: string): Table | undefined;
  /** Session variables referenced, collected for documentation and checks. */
  sessionVars?: Set<string>;
}

/** True for `X-Hasura-*` strings, which name session variables in permission rules. */
export const isSessionVariable = (v: unknown): v is string => typeof v === 'string' && /^x-hasura-/i.test(v);

/** Parses and validates a permission boolean expression (filter/check) over `table`. */
export function parsePermissionExp(raw: unknown, table: Table, root: Table, ctx: PermExpContext): BoolExp {
  const fail = (key: string, message: string): never => {
    throw new MetadataError(ctx.file, `${ctx.key}${key}`, message);
  };
  const walk = (value: unknown, current: Table, path: string): BoolExp => {
    if (!isObj(value)) return fail(path, 'expected a boolean expression object');
    const items: BoolExp[] = [];
    for (const [key, inner] of Object.entries(value)) {
      const here = `${path}.${key}`;
      if (key === '_and' || key === '_or') {
        const list = Array.isArray(inner) ? inner : [inner];
        items.push({
          kind: key === '_and' ? 'and' : 'or',
          items: list.map((x, i) => walk(x, current, `${here}[${i}]`)),
        });
      } else if (key === '_not') items.push({ kind: 'not', item: walk(inner, current, here) });
      else if (key === '_exists') {
        if (!isObj(inner)) return fail(here, 'expected {_table, _where}');
        const t = inner._table;
        const name = typeof t === 'string' ? { schema: 'public', name: t } : isObj(t) ? t : null;
        const target = name && ctx.tableByName(String(name.schema ?? 'public'), String(name.name));
        if (!target) return fail(`${here}._table`, 'no such tracked table');
        items.push({
          kind: 'exists',
          table: target,
          where: walk(inner._where ?? {}, target, `${here}._where`),
        });
      } else if (current.relationships.has(key)) {
        const rel = current.relationships.get(key)!;
        items.push({ kind: 'rel', rel, where: walk(inner, rel.target, here), targetPerms: false });
      } else if (current.columnsByName.has(key)) {
        items.push(...comparisons(current.columnsByName.get(key)!, inner, current, here));
      } else if (current.computed.has(key)) {
        const field = current.computed.get(key)!;
        if (field.returnsTable) return fail(here, 'only scalar computed fields can be compared');
        if (!isObj(inner)) return fail(here, 'expected an operator object');
        for (const [op, operand] of Object.entries(inner)) {
          const canonical = OPERATORS[op];
          if (!canonical) return fail(`${here}.${op}`, 'unknown operator');
          items.push({
            kind: 'computed',
            field,
            op: canonical,
            operand: valueOperand(operand),
            nullSafe: true,
          });
        }
      } else
        fail(here, `no column, relationship or computed field '${key}' in ${current.schema}.${current.name}`);
    }
    return items.length === 1 ? items[0]! : { kind: 'and', items };
  };
  const valueOperand = (value: unknown): Operand => {
    if (isSessionVariable(value)) {
      const name = value.toLowerCase();
      ctx.sessionVars?.add(name);
      return { kind: 'param', param: sql.session(name) };
    }
    return { kind: 'param', param: sql.literal(value), constant: value };
  };
  const comparisons = (column: Column, value: unknown, current: Table, path: string): BoolExp[] => {
    if (!isObj(value)) return fail(path, 'expected an operator object such as {_eq: value}');
    const out: BoolExp[] = [];
    for (const [op, operand] of Object.entries(value)) {
      const here = `${path}.${op}`;
      const columnOp = COLUMN_OPERATORS[op];
      if (columnOp) {
        const isRoot = Array.isArray(operand) && operand[0] === '$';
        const name = Array.isArray(operand) ? operand[operand.length - 1] : operand;
        const source = isRoot ? root : current;
        const other = source.columnsByName.get(String(name));
        if (!other) return fail(here, `no column '${String(name)}' in ${source.schema}.${source.name}`);
        out.push({
          kind: 'compare',
          column,
          op: columnOp,
          operand: { kind: 'column', column: other, root: isRoot },
          nullSafe: false,
        });
        continue;
      }
      const canonical = OPERATORS[op];
      if (!canonical) return fail(here, 'unknown operator');
      if (canonical === '_is_null' && typeof operand !== 'boolean')
        return fail(here, 'expected true or false');
      if (
        (canonical === '_in' || canonical === '_nin') &&
        !Array.isArray(operand) &&
        !isSessionVariable(operand)
      )
        return fail(here, 'expected a list or a session variable');
      out.push({ kind: 'compare', column, op: canonical, operand: valueOperand(operand), nullSafe: true });
    }
    return out;
  };
  return walk(raw ?? {}, table, '');
}
