import type { FastifyInstance } from 'fastify';
import { endSessionsOf } from '../accounts/sessions.ts';
import { loadAdminOnUser } from './admin-caller.ts';

/**
 * POST /api/admin/users/:id/end-sessions: a provider admin signs a user out everywhere (a lost
 * laptop, an account taken over). One transaction run as the admin, so the audit log names them;
 * the user's History has a SESSION_ENDED event. Their tokens are refused at once by the actions
 * service and within one access token's life by the engine.
 */
export async function endAllUserSessions(
  app: Pick<FastifyInstance, 'db'>,
  adminId: number,
  userId: number,
): Promise<{ ended: number }> {
  return app.db.transaction(
    async (tx) => {
      const { user } = await loadAdminOnUser(tx, adminId, userId);
      return { ended: await endSessionsOf(tx, user.id, {}) };
    },
    { userId: adminId, role: 'provider_admin' },
  );
}
