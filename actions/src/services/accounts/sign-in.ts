import type { TLoginRequest, TSecondFactorRequired } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { dummyPasswordHash, verifyPassword } from '../../lib/password-hash.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { AccessToken } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { hasConfirmedFactor, recordSecurityEvent } from './factor-store.ts';
import { type CurrentUser, describeUser } from './get-current-user.ts';
import { recogniseDevice } from './known-devices.ts';
import { clearLoginFailures, isLoginLocked, recordLoginFailure } from './login-throttle.ts';
import { type ClientInfo, type IssuedRefreshToken, startSession } from './sessions.ts';
import { issueSignInChallenge } from './sign-in-challenge.ts';
import { mustEnrolFirst } from './two-factor-policy.ts';
import { actorOf, findUserByEmail, type UserRow } from './users.ts';

/** What a sign-in (or registration) hands out: tokens and the user. */
export interface SignedIn extends AccessToken, IssuedRefreshToken {
  user: CurrentUser;
  /** The browser's device cookie to set (`known-devices.ts`); a handed-over session has none. */
  deviceId?: string;
}

/** How a session was opened, for the user's History, and whether the identity provider did MFA. */
export interface OpenSessionOptions {
  /** Records SIGNED_IN with this method in the session's transaction. */
  signedInWith?: 'password' | 'oidc';
  /** The identity provider reported a multi-factor sign-in: the two-factor policy is met. */
  secondFactorAtIdp?: boolean;
}

/**
 * Checks e-mail and password. Unknown e-mail, wrong password, no password yet and an
 * inactive account all give the same answer after the same work (a scrypt verification),
 * and all count towards the lockout of that e-mail, which is keyed by its hash. An account with a
 * second factor gets a challenge for the second step instead of a session (`verify-sign-in.ts`).
 */
export async function signIn(
  deps: AccountsDeps,
  input: TLoginRequest,
  client: ClientInfo,
): Promise<SignedIn | TSecondFactorRequired> {
  const emailHash = sha256Hex(input.email);
  if (await isLoginLocked(deps.db, emailHash)) throw new AppError('too_many_attempts');
  const user = await findUserByEmail(deps.db, input.email);
  const matches = await verifyPassword(input.password, user?.password_hash ?? (await dummyPasswordHash()));
  if (!user?.password_hash || !user.is_active || !matches) {
    await recordLoginFailure(deps.db, emailHash);
    // An account's History shows tries at its password (by nobody proven: no actor). Unknown
    // addresses have no History; the insert is small beside the scrypt work every answer waits for.
    if (user) await recordSecurityEvent(deps.db, user.id, 'SIGN_IN_FAILED', 'password', client.ip);
    throw new AppError('invalid_credentials');
  }
  await clearLoginFailures(deps.db, emailHash);
  if (await hasConfirmedFactor(deps.db, user.id)) return issueSignInChallenge(deps.db, user.id);
  return openSession(deps, user, client, { signedInWith: 'password' });
}

/**
 * Starts a session for a user whose identity is proven, and signs their first access token; with
 * `signedInWith`, the sign-in is recorded in the user's History in the same transaction. A device
 * not seen before for the user is recorded and e-mailed about there too (`known-devices.ts`).
 */
export async function openSession(
  deps: AccountsDeps,
  user: UserRow,
  client: ClientInfo,
  options: OpenSessionOptions = {},
): Promise<SignedIn> {
  const secondFactorAtIdp = options.secondFactorAtIdp ?? false;
  const enrolmentOnly = !secondFactorAtIdp && (await mustEnrolFirst(deps.db, user));
  const { deviceId, ...issued } = await deps.db.transaction(async (tx) => {
    await tx.many(sql`update public.users set last_login_at = now() where id = ${user.id}`);
    if (options.signedInWith) {
      // The method column's list is the migrations' (oidc since single sign-on).
      await tx.many(sql`insert into public.account_security_events (user_id, event, method, ip_address)
        values (${user.id}, 'SIGNED_IN', ${options.signedInWith}, ${client.ip ?? null}::inet)`);
    }
    const device = await recogniseDevice(tx, deps, user, client);
    return { ...(await startSession(tx, user.id, client, secondFactorAtIdp)), deviceId: device };
  }, actorOf(user));
  return {
    ...issued,
    deviceId,
    ...deps.signAccessToken({
      id: user.id,
      isAdmin: user.is_admin,
      isQam: user.is_qam,
      sessionId: issued.familyId,
      enrolmentOnly,
    }),
    user: await describeUser(deps, user, enrolmentOnly),
  };
}
