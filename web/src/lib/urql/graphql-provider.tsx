import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { Provider } from 'urql';
import { useServices } from '../services.tsx';
import { createGraphqlClient } from './client.ts';

const ResetContext = createContext<() => void>(() => {});

/**
 * Provides the urql client. Resetting the data store (sign-out, expired socket token) builds a
 * new client, which drops every cached row and re-runs the mounted queries.
 */
export function GraphqlProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const [generation, setGeneration] = useState(0);
  const reset = useCallback(() => setGeneration((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation means a new client
  const built = useMemo(
    () =>
      createGraphqlClient({
        url: services.graphqlUrl,
        wsUrl: services.wsUrl,
        session: services.session,
        webSocketImpl: services.webSocketImpl,
        onResetStore: reset,
      }),
    [services, reset, generation],
  );
  useEffect(() => () => void built.dispose(), [built]);
  return (
    <ResetContext.Provider value={reset}>
      <Provider value={built.client}>{children}</Provider>
    </ResetContext.Provider>
  );
}

/** Throws away every cached GraphQL result (spec 000 §7: after sign-out the cache is reset). */
export function useResetGraphqlStore(): () => void {
  return useContext(ResetContext);
}
