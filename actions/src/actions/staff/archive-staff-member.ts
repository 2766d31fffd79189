import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { callerOf, requireStaffFlag } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/**
 * `archiveStaffMember(id)`: the "delete" of the staff table (spec 000 §7 DELETE
 * web.practicestaff): the row is archived, never deleted, and an invitation still open for it
 * is revoked in the same transaction. Needs practiceStaff.changeStaff.
 */
export const archiveStaffMember = defineAction({
  name: 'archiveStaffMember',
  input: z.object({ id: z.number().int().positive() }),
  async handle({ app, session, input }) {
    const caller = callerOf(session);
    await requireStaffFlag(app.db, caller, input.id, (f) => f.practiceStaff.changeStaff);
    await app.db.transaction(async (tx) => {
      const archived = await tx.many(sql`
        update public.practice_staff set archived = true where id = ${input.id} and not archived returning id`);
      if (archived.length === 0)
        throw new AppError('not_found', { message: 'There is no such staff member.' });
      await tx.many(sql`
        update public.invitations set status = 'REVOKED', responded_at = now()
         where practice_staff_id = ${input.id} and status = 'INVITED'`);
    }, caller.actor);
    return { id: input.id, archived: true };
  },
});
