import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { acceptClaimedInvitation, claimInvitation } from '../invitations/claim-invitation.ts';
import type { Caller } from '../practices/practice-access.ts';

/**
 * `acceptInvitation(token)`: a signed-in user accepts an invitation (the /Practice/Invite/:token
 * page): the practice role, the link from the staff row and ACCEPTED, in one transaction. The
 * token must be usable (expired, used and unknown tokens are refused with distinct messages)
 * and the user's e-mail must be the invited one, as at registration.
 */
export async function acceptInvitation(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: { token: string },
) {
  return app.db.transaction(
    async (tx) => {
      const user = await tx.one<{ email: string }>(
        sql`select email::text as email from public.users where id = ${caller.userId}`,
      );
      const invitation = await claimInvitation(tx, input.token, user.email);
      await acceptClaimedInvitation(tx, invitation, caller.userId);
      const practice = await tx.one<{ name: string }>(
        sql`select name from public.organisations where id = ${invitation.practice_id}`,
      );
      return {
        practiceId: invitation.practice_id,
        practiceName: practice.name,
        staffId: invitation.practice_staff_id,
        role: invitation.role,
      };
    },
    { userId: caller.userId, role: 'user' },
  );
}
