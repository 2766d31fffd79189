import { loginPath, type TLoginRequest, type TRegisterRequest } from '@portal/domain';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { notifyWarning } from '../notify.ts';
import { clearDeviceUser, deviceUser, rememberDeviceUser } from '../offline/device-store.ts';
import { useServices } from '../services.tsx';
import { isNetworkError } from '../urql/auth-exchange.ts';
import { useResetGraphqlStore } from '../urql/graphql-provider.tsx';
import type { TCurrentUser } from './current-user.ts';
import { forgetRememberedRoute, rememberRoute } from './return-route.ts';

/** Signing out with edits still on the device: they stay, and are sent after the next sign-in. */
export function changesKeptOnSignOut(pending: number): string {
  const what = pending === 1 ? '1 change' : `${pending} changes`;
  return `${what} made offline could not be sent yet. They stay on this device and are sent when you sign in again.`;
}

export type AuthStatus = 'restoring' | 'signedIn' | 'signedOut';

export type TRegisterOutcome =
  | { kind: 'signedIn'; user: TCurrentUser }
  | { kind: 'checkInbox'; message: string };

export interface AuthContextValue {
  status: AuthStatus;
  user: TCurrentUser | null;
  /** True after the user signed out themselves: the page they left is not a route to return to. */
  signedOutByUser: boolean;
  signIn(credentials: TLoginRequest): Promise<TCurrentUser>;
  /**
   * Signs up. With an invitation the account is created and signed in (`signedIn`); without one
   * the answer is the same for every address and the next step is in the inbox (`checkInbox`).
   */
  register(input: TRegisterRequest): Promise<TRegisterOutcome>;
  /** Opens the link of a sign-up e-mail: creates the account and signs it in. */
  confirmRegistration(token: string): Promise<TCurrentUser>;
  /** Ends the session on the server, forgets the token and resets the GraphQL cache. */
  signOut(): Promise<void>;
  /**
   * Exchanges the back end's one-time handoff code (bound to this browser) for its session
   * (/redirect-from-backend); never a token from a URL.
   */
  exchangeHandoff(code: string): Promise<TCurrentUser>;
  /** Reloads the current user (after a name or avatar change). */
  reloadUser(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Owns who is signed in. On start it restores the session from the refresh cookie; when the
 * session expires mid-use it remembers the route and sends the user to Login.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { session, api } = useServices();
  const resetStore = useResetGraphqlStore();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef('');
  here.current = `${location.pathname}${location.search}`;
  const [state, setState] = useState<{
    status: AuthStatus;
    user: TCurrentUser | null;
    signedOutByUser?: boolean;
  }>({
    status: 'restoring',
    user: null,
  });

  useEffect(() => {
    let cancelled = false;
    session
      .refresh()
      .then((token) => (token ? api.currentUser() : null))
      .then((user) => {
        if (user) void rememberDeviceUser(user).catch(() => {});
        return user;
      })
      .catch(async (error: unknown) => {
        // Started without a connection (issue 19): the last user of this device works on with
        // what the device holds; the session is renewed (or refused) once the network is back.
        if (isNetworkError(error)) {
          const known = await deviceUser<TCurrentUser>().catch(() => undefined);
          if (known) return known;
        }
        console.warn('Could not restore the session', error);
        return null;
      })
      .then((user) => {
        if (!cancelled) setState(user ? { status: 'signedIn', user } : { status: 'signedOut', user: null });
      });
    return () => {
      cancelled = true;
    };
  }, [session, api]);

  useEffect(
    () =>
      session.onExpired(() => {
        rememberRoute(here.current);
        resetStore();
        setState({ status: 'signedOut', user: null });
        navigate(loginPath(), { replace: true });
      }),
    [session, resetStore, navigate],
  );

  const signIn = useCallback(
    async (credentials: TLoginRequest) => {
      const signedIn = await api.login(credentials);
      session.adopt(signedIn);
      void rememberDeviceUser(signedIn.user).catch(() => {});
      setState({ status: 'signedIn', user: signedIn.user });
      return signedIn.user;
    },
    [api, session],
  );

  const register = useCallback(
    async (input: TRegisterRequest): Promise<TRegisterOutcome> => {
      const answer = await api.register(input);
      if (!('accessToken' in answer)) return { kind: 'checkInbox', message: answer.message };
      session.adopt(answer);
      setState({ status: 'signedIn', user: answer.user });
      return { kind: 'signedIn', user: answer.user };
    },
    [api, session],
  );

  const confirmRegistration = useCallback(
    async (token: string) => {
      const signedIn = await api.confirmRegistration({ token });
      session.adopt(signedIn);
      setState({ status: 'signedIn', user: signedIn.user });
      return signedIn.user;
    },
    [api, session],
  );

  const signOut = useCallback(async () => {
    await api.logout().catch((error: unknown) => console.warn('Sign-out call failed', error));
    // What this user kept on the device goes, unless edits still wait to be sent (issue 19).
    const userId = state.user?.id;
    if (userId !== undefined) {
      const { pending } = await clearDeviceUser(userId).catch(() => ({ pending: 0 }));
      if (pending > 0) notifyWarning(changesKeptOnSignOut(pending));
    }
    session.clear();
    resetStore();
    // Whoever signs in next on this tab lands as usual, not on the page the last user left.
    forgetRememberedRoute();
    setState({ status: 'signedOut', user: null, signedOutByUser: true });
  }, [api, session, resetStore, state.user?.id]);

  const exchangeHandoff = useCallback(
    async (code: string) => {
      const signedIn = await api.exchangeHandoff(code);
      session.adopt(signedIn);
      void rememberDeviceUser(signedIn.user).catch(() => {});
      setState({ status: 'signedIn', user: signedIn.user });
      return signedIn.user;
    },
    [api, session],
  );

  const reloadUser = useCallback(async () => {
    const user = await api.currentUser();
    setState({ status: 'signedIn', user });
  }, [api]);

  const value = useMemo(
    () => ({
      ...state,
      signedOutByUser: state.signedOutByUser ?? false,
      signIn,
      register,
      confirmRegistration,
      signOut,
      exchangeHandoff,
      reloadUser,
    }),
    [state, signIn, register, confirmRegistration, signOut, exchangeHandoff, reloadUser],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth() outside <AuthProvider>');
  return auth;
}

/** The signed-in user; only for screens behind the sign-in guard. */
export function useCurrentUser(): TCurrentUser {
  const { user } = useAuth();
  if (!user) throw new Error('useCurrentUser() without a signed-in user');
  return user;
}
