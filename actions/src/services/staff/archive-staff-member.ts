import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { type Caller, requireStaffFlag } from '../practices/practice-access.ts';

/**
 * `archiveStaffMember(id)`: the "delete" of the staff table (spec 000 §7 DELETE
 * web.practicestaff): the row is archived, never deleted, and an invitation still open for it
 * is revoked in the same transaction. Needs practiceStaff.changeStaff.
 */
export async function archiveStaffMember(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { id: number },
) {
  await requireStaffFlag(app.db, caller, input.id, (f) => f.practiceStaff.changeStaff);
  await app.db.transaction(async (tx) => {
    const archived = await tx.many(sql`
      update public.practice_staff set archived = true where id = ${input.id} and not archived returning id`);
    if (archived.length === 0) throw new AppError('not_found', { message: 'There is no such staff member.' });
    await tx.many(sql`
      update public.invitations set status = 'REVOKED', responded_at = now()
       where practice_staff_id = ${input.id} and status = 'INVITED'`);
  }, caller.actor);
  return { id: input.id, archived: true };
}
