import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Provider } from 'urql';
import { useServices } from '../services.tsx';
import { createGraphqlClient } from './client.ts';
import { useGraphqlStoreGeneration } from './graphql-store-reset.tsx';

/**
 * Provides the urql client. Resetting the data store (sign-out, expired socket token) builds a
 * new client, which drops every cached row and re-runs the mounted queries. The generation is
 * `GraphqlStoreReset`'s above the session; rendered without one (a screen's test), its own.
 */
export function GraphqlProvider({ children }: { children: ReactNode }) {
  const services = useServices();
  const shared = useGraphqlStoreGeneration();
  const [ownGeneration, setOwnGeneration] = useState(0);
  const ownReset = useCallback(() => setOwnGeneration((n) => n + 1), []);
  const reset = shared?.reset ?? ownReset;
  const generation = shared?.generation ?? ownGeneration;
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
  return <Provider value={built.client}>{children}</Provider>;
}
