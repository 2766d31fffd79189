import type { TAccountDetails } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';

/**
 * `updateAccount(firstName, lastName, title, phone, phoneCountryCode)` (/AccountSettings/:id): the
 * signed-in user's own names, title and phone with its country, already checked with
 * `ZAccountDetailsSchema`. Only the caller's row: the action takes no id. The change is recorded
 * as the caller's.
 */
export async function updateAccount(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  details: TAccountDetails,
): Promise<{ id: number }> {
  const row = await app.db.transaction(
    (tx) =>
      tx.maybeOne<{ id: number }>(sql`
        update public.users
           set first_name = ${details.firstName}, last_name = ${details.lastName},
               title = ${details.title}, phone = ${details.phone},
               phone_country_code = ${details.phoneCountryCode}
         where id = ${caller.userId} and is_active
     returning id`),
    caller.actor,
  );
  if (!row) throw new AppError('not_found', { message: 'There is no such account.' });
  return row;
}
