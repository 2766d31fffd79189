import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';

import type { Caller } from './practice-access.ts';
import { insertPractice, parsePracticeForm, withPracticeFormErrors } from './practice-details-writes.ts';

/** Open applications a practice manager may have at once, so the form cannot be used to flood the list. */
export const MAX_OPEN_APPLICATIONS = 3;
export const TOO_MANY_APPLICATIONS = `You already have ${MAX_OPEN_APPLICATIONS} practice applications in progress. Please complete one, or contact us, before adding another.`;

/**
 * `addPractice(details)` (spec 000 §2 /Practice/Add, "Add practice" of the header menu): a new
 * organisation, its physical address and its practice in APPLICATION, checked with the practice
 * form's schema, in one transaction. A user who is not the accreditation team becomes the new
 * practice's manager (practice_users PM) in the same transaction; a QAM or provider admin adds
 * it for the practice and gets no practice role.
 */
export async function addPractice(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { details: unknown },
) {
  const values = parsePracticeForm(input.details);
  const asManager = caller.backOfficeRole === null;
  const id = await app.db.transaction(async (tx) => {
    if (asManager) {
      // Serialises one user's concurrent submissions, so the limit below holds.
      await tx.many(sql`select id from public.users where id = ${caller.userId} for update`);
      const open = await tx.one<{ count: number }>(sql`
        select count(*)::int as count from public.practice_users pu
          join public.practices p on p.organisation_id = pu.practice_id
         where pu.user_id = ${caller.userId} and pu.role = 'PM' and pu.active
           and p.status = 'APPLICATION' and p.active_status = 'ACTIVE'`);
      if (open.count >= MAX_OPEN_APPLICATIONS) {
        throw new AppError('invalid_input', { message: TOO_MANY_APPLICATIONS });
      }
    }
    const practiceId = await withPracticeFormErrors(() => insertPractice(tx, values));
    if (asManager) {
      await tx.many(sql`
        insert into public.practice_users (practice_id, user_id, role, active)
        values (${practiceId}, ${caller.userId}, 'PM', true)`);
    }
    return practiceId;
  }, caller.actor);
  return { id, status: 'APPLICATION', role: asManager ? 'PM' : null };
}
