import * as v from 'valibot';
import { isNetworkError } from '../errors.ts';
import { deviceUser, rememberDeviceUser } from '../offline/device-store.ts';
import type { AuthApi } from './auth-api.ts';
import { type TCurrentUser, ZCurrentUserSchema } from './current-user.ts';
import type { Session } from './session.ts';

/** The user the session's refresh answered with, when it is one (`ZCurrentUserSchema`), else null. */
function refreshedUser(session: Session): TCurrentUser | null {
  const parsed = v.safeParse(ZCurrentUserSchema, session.takeRefreshedUser());
  return parsed.success ? parsed.output : null;
}

/**
 * The user of the session the refresh cookie restores on start (kept on the device for an
 * offline start), or null. Started without a connection, the last user of this device works on
 * with what the device holds; the session is renewed (or refused) once the network is back.
 */
export function restoreSession(session: Session, api: AuthApi): Promise<TCurrentUser | null> {
  return (
    session
      .refresh()
      // The refresh answers the user too; asked for apart only when its answer had none that checks.
      .then((token) => (token ? (refreshedUser(session) ?? api.currentUser()) : null))
      .then((user) => {
        if (user) void rememberDeviceUser(user).catch(() => {});
        return user;
      })
      .catch(async (error: unknown) => {
        if (isNetworkError(error)) {
          const known = await deviceUser<TCurrentUser>().catch(() => undefined);
          if (known) return known;
        }
        console.warn('Could not restore the session', error);
        return null;
      })
  );
}
