import { GENERAL_RESOURCE_PAGES, RESOURCE_MESSAGES, type TGeneralResourceKind } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requireResourceManager } from './resource-access.ts';

/**
 * `archiveResource`: archives a resource or factsheet (`archived` true), or restores it. Archiving
 * never deletes (spec 002 §4: archiving sets archived true): the row and its file stay, hidden
 * from practice managers and surveyors, listed for admins.
 */
export async function archiveResource(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { resourceId: number; archived: boolean },
) {
  requireResourceManager(caller);
  const row = await app.db.transaction(
    (tx) =>
      tx.maybeOne<{ id: number; kind: TGeneralResourceKind }>(sql`
        update public.indicator_resources set archived = ${input.archived}, updated_at = now()
         where id = ${input.resourceId} and kind <> 'INDICATOR'
        returning id, kind`),
    caller.actor,
  );
  if (!row) throw new AppError('not_found', { message: RESOURCE_MESSAGES.noSuchResource });
  const one = GENERAL_RESOURCE_PAGES[row.kind].one;
  return {
    resourceId: row.id,
    archived: input.archived,
    message: input.archived ? RESOURCE_MESSAGES.archived(one) : RESOURCE_MESSAGES.restored(one),
  };
}
