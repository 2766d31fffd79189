import { loginPath, type TLoginRequest, type TRegisterRequest, type TSignInVerify } from '@portal/domain';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useServices } from '../services.tsx';
import { useResetGraphqlStore } from '../urql/graphql-store-reset.tsx';
import type { TCurrentUser } from './current-user.ts';
import { restoreSession } from './restore-session.ts';
import { rememberRoute } from './return-route.ts';
import {
  type AuthStatus,
  type TAuthState,
  type TRegisterOutcome,
  type TSignInOutcome,
  useAuthActions,
} from './use-auth-actions.ts';

export {
  type AuthStatus,
  changesKeptOnSignOut,
  type TRegisterOutcome,
  type TSignInOutcome,
} from './use-auth-actions.ts';

export interface AuthContextValue {
  status: AuthStatus;
  user: TCurrentUser | null;
  /** True after the user signed out themselves: the page they left is not a route to return to. */
  signedOutByUser: boolean;
  /** Signs in, or answers the challenge of the second step when the account has a second factor. */
  signIn(credentials: TLoginRequest): Promise<TSignInOutcome>;
  /** The second step of a sign-in: the challenge and a code (or a recovery code). */
  verifySignIn(input: TSignInVerify): Promise<TCurrentUser>;
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
  const [state, setState] = useState<TAuthState>({ status: 'restoring', user: null });

  useEffect(() => {
    let cancelled = false;
    void restoreSession(session, api).then((user) => {
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

  const { signIn, verifySignIn, register, confirmRegistration, signOut, exchangeHandoff, reloadUser } =
    useAuthActions(api, session, resetStore, state.user?.id, setState);

  const value = useMemo(
    () => ({
      ...state,
      signedOutByUser: state.signedOutByUser ?? false,
      signIn,
      verifySignIn,
      register,
      confirmRegistration,
      signOut,
      exchangeHandoff,
      reloadUser,
    }),
    [state, signIn, verifySignIn, register, confirmRegistration, signOut, exchangeHandoff, reloadUser],
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
