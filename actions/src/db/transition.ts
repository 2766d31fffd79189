import { AppError, type ErrorCode } from '../errors/app-error.ts';
import type { Actor, Queryable } from '../plugins/app/db.ts';
import { type SqlQuery, sql } from './sql.ts';

/** One guarded status change of one row (see `transition`). */
export interface Transition<S extends string> {
  /** Table in `public`. */
  table: string;
  id: number;
  /** The status column (default `status`). */
  column?: string;
  /** The statuses the row may be in for the change; anything else is refused. */
  from: readonly S[];
  to: S;
  /** Who makes the change: recorded by the audit log (`hasura.user`) and in `stamp.by`. */
  actor: Actor;
  /** Columns that record when and by whom (e.g. `submitted_at`, `submitted_by_id`). */
  stamp?: { at: string; by: string };
  /** Extra condition on the row, alias `t` (e.g. the practice it must belong to). */
  scope?: SqlQuery;
  /** Answer for a row that does not exist or is out of scope. */
  notFound: string;
  /** Answer for a row in a status not in `from` (default: `invalid_transition`, a generic message). */
  refused?: (current: string) => { code?: ErrorCode; message: string };
}

export interface TransitionResult<S extends string> {
  id: number;
  /** The status before the change. */
  from: string;
  status: S;
  /** When the change was made (the stamp's time, else now()). */
  changedAt: Date;
}

/**
 * The one way a status changes: in the caller's transaction, lock the row `FOR UPDATE`, check its
 * current status is one of `from`, then set `to` and the who-and-when stamp. A missing row answers
 * `not_found`; a wrong status is refused with an AppError and changes nothing. Two concurrent
 * transitions of one row are serialised by the lock: the second sees the first's status and is
 * refused. The transaction's `hasura.user` is set to the actor, so the audit log names them.
 */
export async function transition<S extends string>(
  tx: Queryable,
  change: Transition<S>,
): Promise<TransitionResult<S>> {
  const table = sql.ident('public', change.table);
  const column = sql.ident(change.column ?? 'status');
  const session = { 'x-hasura-user-id': String(change.actor.userId), 'x-hasura-role': change.actor.role };
  await tx.many(sql`select set_config('hasura.user', ${JSON.stringify(session)}, true)`);
  const row = await tx.maybeOne<{ status: string }>(sql`
    select t.${column} as status from ${table} t
     where t.id = ${change.id} and ${change.scope ?? sql`true`}
     for update of t`);
  if (!row) throw new AppError('not_found', { message: change.notFound });
  if (!(change.from as readonly string[]).includes(row.status)) {
    const refusal = change.refused?.(row.status) ?? {
      message: `This cannot change from ${row.status} to ${change.to}.`,
    };
    throw new AppError(refusal.code ?? 'invalid_transition', { message: refusal.message });
  }
  const stamp = change.stamp
    ? sql`, ${sql.ident(change.stamp.at)} = now(), ${sql.ident(change.stamp.by)} = ${change.actor.userId}`
    : sql``;
  const updated = await tx.one<{ id: number; status: S; changed_at: Date }>(sql`
    update ${table} set ${column} = ${change.to}${stamp}
     where id = ${change.id}
     returning id, ${column} as status, ${change.stamp ? sql.ident(change.stamp.at) : sql`now()`} as changed_at`);
  return { id: updated.id, from: row.status, status: updated.status, changedAt: updated.changed_at };
}
