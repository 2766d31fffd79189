import type { CombinedError, Exchange } from '@urql/core';
import { mapExchange } from '@urql/core';
import { authExchange } from '@urql/exchange-auth';
import type { Session } from '../auth/session.ts';

/** An answer meaning "your token is not (or no longer) good": Hasura's invalid-jwt, or HTTP 401. */
export function isAuthError(error: CombinedError): boolean {
  return (
    error.graphQLErrors.some((e) => e.extensions?.code === 'invalid-jwt') ||
    (error.response as Response | undefined)?.status === 401
  );
}

/**
 * Adds the bearer token, refreshes it shortly before it expires, and on an auth error
 * refreshes once and retries the operation once. A refused refresh ends the session.
 */
export function bearerAuthExchange(session: Session): Exchange {
  return authExchange(async (utils) => ({
    addAuthToOperation(operation) {
      const token = session.token();
      return token ? utils.appendHeaders(operation, { Authorization: `Bearer ${token}` }) : operation;
    },
    willAuthError: () => session.expiresSoon(),
    didAuthError: (error) => isAuthError(error),
    async refreshAuth() {
      const token = await session.refresh().catch(() => null);
      if (!token) session.expire();
    },
  }));
}

/**
 * The one job left after the retry: an operation that still fails authentication after its
 * single refresh and retry ends the session (→ Login, remembering the route).
 */
export function sessionExpiryExchange(session: Session): Exchange {
  return mapExchange({
    onResult(result) {
      if (
        result.error &&
        result.operation.context.authAttempt &&
        isAuthError(result.error) &&
        session.token()
      )
        session.expire();
    },
  });
}
