import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { type Caller, requireStaffFlag } from '../practices/practice-access.ts';

/**
 * `verifyStaffMember(id, verified)`: a surveyor on the practice, a QAM or an admin confirms (or
 * withdraws) a staff row (needs practiceStaff.verifyStaff, which practice managers never have).
 * Who and when are stamped; withdrawing clears them.
 */
export async function verifyStaffMember(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { id: number; verified: boolean },
) {
  await requireStaffFlag(app.db, caller, input.id, (f) => f.practiceStaff.verifyStaff);
  const row = await app.db.transaction(
    (tx) =>
      tx.one<{
        id: number;
        verified: boolean;
        verified_at: Date | null;
        verified_by_id: number | null;
      }>(sql`
        update public.practice_staff
           set verified = ${input.verified},
               verified_at = case when ${input.verified} then coalesce(case when verified then verified_at end, now()) end,
               verified_by_id = case when ${input.verified} then coalesce(case when verified then verified_by_id end, ${caller.userId}::integer) end
         where id = ${input.id}
         returning id, verified, verified_at, verified_by_id`),
    caller.actor,
  );
  return {
    id: row.id,
    verified: row.verified,
    verifiedAt: row.verified_at?.toISOString() ?? null,
    verifiedById: row.verified_by_id,
  };
}
