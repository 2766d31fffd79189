import { AppError } from '../../errors/app-error.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { endSessionsOf } from './sessions.ts';
import { actorOf, findUserById } from './users.ts';

/**
 * POST /api/user/sessions/:id/end ("Sign out" of another session) and /end-others ("Sign out of
 * all other sessions"). Only the caller's own sessions: another user's session id, or one already
 * ended, answers as an unknown one (404). This session is ended by signing out, not from here.
 */
export async function endUserSessions(
  deps: AccountsDeps,
  signedIn: SignedInUser,
  which: { familyId: string } | 'others',
  ip?: string,
): Promise<{ ended: number }> {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  if (which !== 'others' && which.familyId === signedIn.sessionId)
    throw new AppError('invalid_input', { message: 'Use Sign out to end the session on this device.' });
  const ended = await deps.db.transaction(
    (tx) =>
      endSessionsOf(tx, user.id, {
        familyId: which === 'others' ? undefined : which.familyId,
        keep: signedIn.sessionId,
        ip,
      }),
    actorOf(user),
  );
  if (which !== 'others' && ended === 0) throw new AppError('not_found', { message: 'No such session.' });
  return { ended };
}
