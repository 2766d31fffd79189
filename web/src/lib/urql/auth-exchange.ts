import type { CombinedError, Exchange } from '@urql/core';
import { mapExchange } from '@urql/core';
import { authExchange } from '@urql/exchange-auth';
import type { Session } from '../auth/session.ts';
import { isNetworkError } from '../errors.ts';
import { type NetworkStatusStore, networkStatus } from '../offline/network-status.ts';

// Its home is `errors.ts` (the session's restore uses it without loading urql); named here too for
// the screens that import it from here.
export { isNetworkError };

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
      // A refresh that got no answer (offline) ends nothing: the work goes on and the refresh is
      // tried again with the next request. Only a refusal ends the session.
      const token = await session
        .refresh()
        .catch((error: unknown) => (isNetworkError(error) ? undefined : null));
      if (token === null) session.expire();
    },
  }));
}

/**
 * Tells the app's network status what the requests see (docs/decisions/offline.md): an operation
 * that got no answer means offline; any answer (even a refusal) means online, unless it was sent
 * before the connection was lost.
 */
export function networkStatusExchange(store: NetworkStatusStore = networkStatus): Exchange {
  const sent = new Map<number, number>();
  return mapExchange({
    onOperation(operation) {
      if (operation.kind === 'teardown') sent.delete(operation.key);
      else if (operation.kind !== 'subscription') sent.set(operation.key, store.sent());
    },
    onResult(result) {
      if (result.operation.kind === 'subscription' || result.operation.kind === 'teardown') return;
      if (result.error?.networkError && !result.error.response) store.reportNetworkFailure();
      else store.reportNetworkSuccess(sent.get(result.operation.key));
    },
  });
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
