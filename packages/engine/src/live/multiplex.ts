import { createHash } from 'node:crypto';
import type { Plan } from '../compile/plan.ts';
import { type Compiled, type ParamSource, render, type SQL, sql } from '../sql/sql.ts';

/** A subscription plan rendered for many subscribers at once: one row per cohort. */
export interface MultiplexedQuery {
  statement: Compiled;
  /** Sources of each cohort's variables array (`_subs.vars ->> i`). */
  slots: ParamSource[];
}

/**
 * Renders every root field of a subscription into one statement over
 * `unnest($1::int[], $2::json[]) AS _subs(id, vars)`: subscribers whose query shape is the same
 * share it, each cohort's variables and session values being one row.
 */
export function multiplex(plan: Plan): MultiplexedQuery {
  const parts: SQL[] = plan.fields.map((f) => {
    const key = sql.key(f.alias);
    if (f.kind === 'static') return sql`${key}, ${sql.value(f.json)}::json`;
    if (f.kind === 'query') return sql`${key}, (${f.sql})::json`;
    throw new Error('only table fields can be subscribed to');
  });
  const body = sql`SELECT "_subs"."id" AS id, json_build_object(${sql.join(parts)})::text AS result FROM unnest($1::int[], $2::json[]) AS "_subs"("id", "vars")`;
  const { text, params, slots } = render(body, { multiplexed: true, firstParam: 3 });
  // Named: it runs every tick, so each pooled connection prepares it once. Even with pattern
  // filters: each subscriber's values are read from `_subs.vars`, which no plan can see.
  return {
    statement: { text, params, name: `l_${createHash('sha1').update(text).digest('base64url')}` },
    slots,
  };
}
