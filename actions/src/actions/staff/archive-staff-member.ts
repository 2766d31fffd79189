import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { defineAction } from '../define-action.ts';
import { callerOf, requirePracticeFlag } from '../practices/practice-access.ts';

/** The practice of a live staff row, or not found. */
export async function practiceOfStaff(db: import('../../plugins/app/db.ts').Queryable, staffId: number) {
  const row = await db.maybeOne<{ practice_id: number }>(
    sql`select practice_id from public.practice_staff where id = ${staffId} and not archived`,
  );
  if (!row) throw new AppError('not_found', { message: 'There is no such staff member.' });
  return row.practice_id;
}

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
    const practiceId = await practiceOfStaff(app.db, input.id);
    await requirePracticeFlag(app.db, caller, practiceId, (f) => f.practiceStaff.changeStaff);
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
