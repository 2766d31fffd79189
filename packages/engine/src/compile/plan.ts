import type { Action } from '../model/types.ts';
import type { Compiled, SQL } from '../sql/sql.ts';
import type { VariableUse } from './input.ts';

/** Runs one rendered statement with the request's variables and session, plus runtime values. */
export interface StatementRunner {
  run(statement: Compiled, runtime?: Record<string, string | null>): Promise<Array<Record<string, unknown>>>;
}

/** A root field answered by one SELECT (`statement`, rendered from `sql`). */
export interface QueryField {
  kind: 'query';
  alias: string;
  sql: SQL;
  statement: Compiled;
  stream?: StreamCursor;
}

/** One root field of a compiled operation. */
export type FieldPlan =
  | { kind: 'static'; alias: string; json: string }
  | QueryField
  | {
      kind: 'mutation';
      alias: string;
      /** The table it writes (`schema.table`; a nested insert's other tables are not named). */
      writes: string;
      run: (runner: StatementRunner) => Promise<string>;
      /** Its statements set `hasura.user` themselves (updates, deletes). */
      setsUser?: boolean;
      /**
       * The statements `run` sends, in order, when they are known before it runs (flat inserts,
       * updates, deletes); absent for nested inserts, whose statements depend on the rows written.
       */
      statements?: Compiled[];
      /**
       * Its one statement is atomic on its own: it sets `hasura.user` itself and has no
       * permission check to evaluate after the write (so nothing to roll back after it ran).
       */
      atomic?: boolean;
    }
  | { kind: 'action'; alias: string; action: Action; args: unknown; output: ActionOutput };

/** Shapes a handler's JSON response into the selected fields (relationships via SQL). */
export type ActionOutput = (value: unknown, runner: StatementRunner) => Promise<string>;

/** A compiled operation: cached per (role, query, structural variables). */
export interface Plan {
  operation: 'query' | 'mutation' | 'subscription';
  fields: FieldPlan[];
  /** Variables whose values shaped the plan; their values are part of the cache key. */
  structural: string[];
  /** Every use of a variable and its expected type, re-checked when the plan is reused. */
  variableUses: VariableUse[];
  /** A query's query fields as one statement, column `f<i>` for the i-th of them (see `combineQueries`). */
  combined?: Compiled;
}

/** A streaming subscription's cursor: where it starts (a literal or a variable). */
export interface StreamCursor {
  initial: { value: unknown } | { variable: string };
}

/** The pseudo-variable holding a stream subscriber's current cursor value. */
export const STREAM_CURSOR = '$cursor';
