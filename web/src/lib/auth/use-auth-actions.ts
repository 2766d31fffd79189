import type { TLoginRequest, TRegisterRequest, TSecondFactorMethod, TSignInVerify } from '@portal/domain';
import { useCallback } from 'react';
import { notifyWarning } from '../notify.ts';
import { clearDeviceUser, rememberDeviceUser } from '../offline/device-store.ts';
import type { AuthApi } from './auth-api.ts';
import type { TCurrentUser } from './current-user.ts';
import { forgetRememberedRoute } from './return-route.ts';
import type { Session } from './session.ts';

export type AuthStatus = 'restoring' | 'signedIn' | 'signedOut';

/** Who is signed in, as the auth provider holds it. */
export interface TAuthState {
  status: AuthStatus;
  user: TCurrentUser | null;
  signedOutByUser?: boolean;
}

/** A sign-in: signed in, or the account has a second factor and the code is asked next. */
export type TSignInOutcome =
  | { kind: 'signedIn'; user: TCurrentUser }
  | { kind: 'secondFactor'; challenge: string; methods: TSecondFactorMethod[] };

export type TRegisterOutcome =
  | { kind: 'signedIn'; user: TCurrentUser }
  | { kind: 'checkInbox'; message: string };

/** Signing out with edits still on the device: they stay, and are sent after the next sign-in. */
export function changesKeptOnSignOut(pending: number): string {
  const what = pending === 1 ? '1 change' : `${pending} changes`;
  return `${what} made offline could not be sent yet. They stay on this device and are sent when you sign in again.`;
}

/**
 * What changes who is signed in: sign-in (and its second step), sign-up and its e-mail's confirmation, the back end's
 * handoff, reloading the user, and sign-out (which keeps edits not yet sent on the device).
 */
export function useAuthActions(
  api: AuthApi,
  session: Session,
  resetStore: () => void,
  userId: number | undefined,
  setState: (state: TAuthState) => void,
) {
  const adopt = useCallback(
    (signedIn: Parameters<Session['adopt']>[0] & { user: TCurrentUser }, remember: boolean) => {
      session.adopt(signedIn);
      if (remember) void rememberDeviceUser(signedIn.user).catch(() => {});
      setState({ status: 'signedIn', user: signedIn.user });
      return signedIn.user;
    },
    [session, setState],
  );

  const signIn = useCallback(
    async (credentials: TLoginRequest): Promise<TSignInOutcome> => {
      const answer = await api.login(credentials);
      if ('secondFactorRequired' in answer)
        return { kind: 'secondFactor', challenge: answer.challenge, methods: answer.methods };
      return { kind: 'signedIn', user: adopt(answer, true) };
    },
    [api, adopt],
  );

  const verifySignIn = useCallback(
    async (input: TSignInVerify) => adopt(await api.verifySignIn(input), true),
    [api, adopt],
  );

  const register = useCallback(
    async (input: TRegisterRequest): Promise<TRegisterOutcome> => {
      const answer = await api.register(input);
      if (!('accessToken' in answer)) return { kind: 'checkInbox', message: answer.message };
      return { kind: 'signedIn', user: adopt(answer, false) };
    },
    [api, adopt],
  );

  const confirmRegistration = useCallback(
    async (token: string) => adopt(await api.confirmRegistration({ token }), false),
    [api, adopt],
  );

  const exchangeHandoff = useCallback(
    async (code: string) => adopt(await api.exchangeHandoff(code), true),
    [api, adopt],
  );

  const reloadUser = useCallback(async () => {
    const user = await api.currentUser();
    setState({ status: 'signedIn', user });
  }, [api, setState]);

  const signOut = useCallback(async () => {
    await api.logout().catch((error: unknown) => console.warn('Sign-out call failed', error));
    // What this user kept on the device goes, unless edits still wait to be sent.
    if (userId !== undefined) {
      const { pending } = await clearDeviceUser(userId).catch(() => ({ pending: 0 }));
      if (pending > 0) notifyWarning(changesKeptOnSignOut(pending));
    }
    session.clear();
    resetStore();
    // Whoever signs in next on this tab lands as usual, not on the page the last user left.
    forgetRememberedRoute();
    setState({ status: 'signedOut', user: null, signedOutByUser: true });
  }, [api, session, resetStore, userId, setState]);

  return { signIn, verifySignIn, register, confirmRegistration, signOut, exchangeHandoff, reloadUser };
}
