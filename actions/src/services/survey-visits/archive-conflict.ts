import { SURVEY_OFFER_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requireSurveyor } from './surveyor-access.ts';

/**
 * `archiveConflict`: a surveyor archives one of their own declared conflicts (never deleted: the
 * audit keeps what was declared). Someone else's, a missing and an archived one answer alike.
 */
export async function archiveConflict(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { conflictId: number },
) {
  await requireSurveyor(app.db, caller);
  const row = await app.db.transaction(
    (tx) =>
      tx.maybeOne<{ id: number }>(sql`
        update public.surveyor_conflicts set archived = true, archived_at = now()
         where id = ${input.conflictId} and user_id = ${caller.userId} and not archived
        returning id`),
    caller.actor,
  );
  if (!row) throw new AppError('not_found', { message: SURVEY_OFFER_MESSAGES.noSuchConflict });
  return { id: row.id, message: SURVEY_OFFER_MESSAGES.conflictArchived };
}
