import { PortalError } from '../errors.ts';
import { CSRF_HEADER, readCsrfToken } from './csrf.ts';

/** Refresh this long before the access token expires, so no call goes out with a dying token. */
export const REFRESH_MARGIN_MS = 30_000;

export interface AccessToken {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
}

/**
 * The signed-in session: the access token in memory only (never in storage), refreshed through
 * the httpOnly refresh cookie. One refresh at a time, however many callers ask.
 */
export interface Session {
  /** The current access token, or null. */
  token(): string | null;
  /** When the current token expires (epoch ms), or null without one. */
  expiresAt(): number | null;
  /** Whether there is a token that expires within REFRESH_MARGIN_MS. */
  expiresSoon(): boolean;
  /** A token valid for at least REFRESH_MARGIN_MS more, refreshing first when needed; null if signed out. */
  freshToken(): Promise<string | null>;
  /** Adopts a token from sign-in or registration. */
  adopt(token: { accessToken: string; accessTokenExpiresAt: string }): void;
  /** Refreshes now; null when the server refuses (the session is over). Network trouble throws. */
  refresh(): Promise<string | null>;
  /**
   * The signed-in user the last refresh answered with (as `/api/user/current` answers it, not yet
   * checked), once: the next call answers undefined until another refresh.
   */
  takeRefreshedUser(): unknown;
  /** Forgets the token (sign-out). */
  clear(): void;
  /** The session ended against the user's will: listeners send them to Login. */
  expire(): void;
  onExpired(listener: () => void): () => void;
}

export function createSession(options: { apiUrl: string; now?: () => number }): Session {
  const now = options.now ?? Date.now;
  let current: AccessToken | null = null;
  let inFlight: Promise<string | null> | null = null;
  let refreshedUser: unknown;
  const listeners = new Set<() => void>();

  async function requestRefresh(): Promise<string | null> {
    const csrf = readCsrfToken();
    // Without the CSRF cookie there is no session to restore; no call needed.
    if (!csrf) return null;
    let response: Response;
    try {
      response = await fetch(`${options.apiUrl}/auth/refresh`, {
        method: 'POST',
        credentials: 'include',
        headers: { [CSRF_HEADER]: csrf },
      });
    } catch (error) {
      throw PortalError.network(error);
    }
    if (response.status === 401 || response.status === 403) return null;
    if (!response.ok) throw await PortalError.fromResponse(response);
    const body = (await response.json()) as {
      accessToken: string;
      accessTokenExpiresAt: string;
      user?: unknown;
    };
    session.adopt(body);
    refreshedUser = body.user;
    return body.accessToken;
  }

  const session: Session = {
    token: () => current?.accessToken ?? null,
    expiresAt: () => current?.expiresAt ?? null,
    expiresSoon: () => current !== null && current.expiresAt - now() <= REFRESH_MARGIN_MS,
    async freshToken() {
      if (current && current.expiresAt - now() > REFRESH_MARGIN_MS) return current.accessToken;
      return session.refresh();
    },
    adopt({ accessToken, accessTokenExpiresAt }) {
      current = { accessToken, expiresAt: Date.parse(accessTokenExpiresAt) };
    },
    refresh() {
      inFlight ??= requestRefresh()
        .then((token) => {
          if (token === null) current = null;
          return token;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    takeRefreshedUser() {
      const user = refreshedUser;
      refreshedUser = undefined;
      return user;
    },
    clear() {
      current = null;
      refreshedUser = undefined;
    },
    expire() {
      current = null;
      for (const listener of listeners) listener();
    },
    onExpired(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return session;
}
