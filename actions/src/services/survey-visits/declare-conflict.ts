import { SURVEY_OFFER_MESSAGES, ZDeclareConflictSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { parseOrRefuse, requireSurveyor } from './surveyor-access.ts';

/**
 * `declareConflict`: a surveyor declares a conflict of interest with a practice or a network, on
 * their own profile (user_id is always the caller's). From then on surveyor_conflict_reason names
 * it, so planning leaves them out and their offers of that practice cannot be accepted.
 */
export async function declareConflict(app: Pick<FastifyInstance, 'db'>, caller: Caller, input: unknown) {
  const conflict = parseOrRefuse(ZDeclareConflictSchema, input);
  await requireSurveyor(app.db, caller);
  const row = await app.db.transaction(async (tx) => {
    const subject = conflict.practiceId
      ? await tx.maybeOne(sql`select 1 from public.practices where organisation_id = ${conflict.practiceId}`)
      : await tx.maybeOne(sql`select 1 from public.practice_networks where id = ${conflict.networkId}`);
    if (!subject) throw new AppError('invalid_input', { message: SURVEY_OFFER_MESSAGES.noSuchSubject });
    return tx.one<{ id: number }>(sql`
      insert into public.surveyor_conflicts (user_id, practice_id, network_id, reason, from_date, to_date)
      values (${caller.userId}, ${conflict.practiceId ?? null}, ${conflict.networkId ?? null}, ${conflict.reason},
              ${conflict.fromDate ?? null}, ${conflict.toDate ?? null})
      returning id`);
  }, caller.actor);
  return { id: row.id, message: SURVEY_OFFER_MESSAGES.conflictDeclared };
}
