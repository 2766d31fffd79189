import { PRODUCT_NAME } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { archiveRecoveryCodes, recordSecurityEvent } from '../accounts/factor-store.ts';
import { revokeUserSessions } from '../accounts/sessions.ts';
import { loadAdminOnUser } from './admin-caller.ts';

/**
 * POST /api/admin/users/:id/reset-factors: a provider admin removes every second factor of a user
 * who lost theirs (archived, with the unused recovery codes), ends the user's sessions, and the
 * user is e-mailed. One transaction, run as the admin, so the audit log names them. The user then
 * signs in with the password alone (and is led to set a factor up again if their role requires).
 */
export async function resetUserFactors(
  app: Pick<FastifyInstance, 'db' | 'outbox'>,
  adminId: number,
  userId: number,
): Promise<{ removed: number }> {
  return app.db.transaction(
    async (tx) => {
      const { user } = await loadAdminOnUser(tx, adminId, userId);
      const removed = await tx.many<{ id: number }>(sql`
        update public.user_factors set removed_at = now()
         where user_id = ${user.id} and removed_at is null
        returning id`);
      await archiveRecoveryCodes(tx, user.id);
      await revokeUserSessions(tx, user.id);
      await recordSecurityEvent(tx, user.id, 'FACTORS_RESET', null);
      await app.outbox.enqueue(tx, {
        to: user.email,
        subject: 'Your two-factor sign-in was reset',
        template: 'factors-reset',
        text: [
          user.firstName ? `Hello ${user.firstName},` : 'Hello,',
          '',
          `An administrator of ${PRODUCT_NAME} removed the two-factor sign-in of your account and signed`,
          'you out everywhere. Your next sign-in asks for your password only; add a passkey or set up an',
          'authenticator app again in Account Settings (your role may require it at once).',
          '',
          'If you did not ask for this, tell your administrator and change your password.',
        ].join('\n'),
      });
      return { removed: removed.length };
    },
    { userId: adminId, role: 'provider_admin' },
  );
}
