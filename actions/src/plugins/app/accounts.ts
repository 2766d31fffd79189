import fp from 'fastify-plugin';
import { changePassword } from '../../services/accounts/change-password.ts';
import { confirmPasswordReset } from '../../services/accounts/confirm-password-reset.ts';
import { confirmRegistration } from '../../services/accounts/confirm-registration.ts';
import { confirmTotpEnrolment } from '../../services/accounts/confirm-totp-enrolment.ts';
import type { AccountsDeps } from '../../services/accounts/deps.ts';
import { endUserSessions } from '../../services/accounts/end-user-sessions.ts';
import { exchangeSessionHandoff } from '../../services/accounts/exchange-session-handoff.ts';
import { getAvatar } from '../../services/accounts/get-avatar.ts';
import { getCurrentUser } from '../../services/accounts/get-current-user.ts';
import { listFactors } from '../../services/accounts/list-factors.ts';
import { listUserSessions } from '../../services/accounts/list-user-sessions.ts';
import { passkeySignInOptions } from '../../services/accounts/passkey-sign-in-options.ts';
import { refreshSession } from '../../services/accounts/refresh-session.ts';
import { registerPasskey } from '../../services/accounts/register-passkey.ts';
import { registerUser } from '../../services/accounts/register-user.ts';
import { removeFactor } from '../../services/accounts/remove-factor.ts';
import { requestPasswordReset } from '../../services/accounts/request-password-reset.ts';
import { requestRegistration } from '../../services/accounts/request-registration.ts';
import { setAvatar } from '../../services/accounts/set-avatar.ts';
import { signIn } from '../../services/accounts/sign-in.ts';
import { signOut } from '../../services/accounts/sign-out.ts';
import { startPasskeyRegistration } from '../../services/accounts/start-passkey-registration.ts';
import { startSessionHandoff } from '../../services/accounts/start-session-handoff.ts';
import { startTotpEnrolment } from '../../services/accounts/start-totp-enrolment.ts';
import { verifySignIn } from '../../services/accounts/verify-sign-in.ts';

/** Binds each operation to the app's dependencies: `fn(deps, ...args)` becomes `fn(...args)`. */
type Bound<T> = {
  [K in keyof T]: T[K] extends (deps: AccountsDeps, ...args: infer A) => infer R ? (...args: A) => R : never;
};

const operations = {
  signIn,
  refreshSession,
  signOut,
  registerUser,
  requestRegistration,
  confirmRegistration,
  requestPasswordReset,
  confirmPasswordReset,
  changePassword,
  getCurrentUser,
  getAvatar,
  setAvatar,
  startSessionHandoff,
  exchangeSessionHandoff,
  verifySignIn,
  listFactors,
  startTotpEnrolment,
  confirmTotpEnrolment,
  startPasskeyRegistration,
  registerPasskey,
  passkeySignInOptions,
  removeFactor,
  listUserSessions,
  endUserSessions,
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The account and session service: one operation per file in services/accounts. */
    accounts: Bound<typeof operations>;
  }
}

export default fp(
  async (app) => {
    const deps: AccountsDeps = app;
    const bound = Object.fromEntries(
      Object.entries(operations).map(([name, fn]) => [
        name,
        (...args: unknown[]) => (fn as (d: AccountsDeps, ...a: unknown[]) => unknown)(deps, ...args),
      ]),
    ) as Bound<typeof operations>;
    app.decorate('accounts', bound);
  },
  { name: 'accounts', dependencies: ['db', 'auth', 'storage', 'outbox'] },
);
