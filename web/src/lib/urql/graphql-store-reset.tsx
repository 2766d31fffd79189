import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

/** Which data store is current: a reset counts one up, and the GraphQL provider builds a new client. */
export interface GraphqlStoreGeneration {
  generation: number;
  reset: () => void;
}

const GraphqlStoreContext = createContext<GraphqlStoreGeneration | null>(null);

/**
 * Holds the GraphQL data store's generation above the session, without urql: the signed-out
 * screens load no GraphQL client (its chunk comes with the signed-in routes and the invitation,
 * `graphql-provider.tsx`), yet signing out still resets the store of any client shown.
 */
export function GraphqlStoreReset({ children }: { children: ReactNode }) {
  const [generation, setGeneration] = useState(0);
  const reset = useCallback(() => setGeneration((n) => n + 1), []);
  const value = useMemo(() => ({ generation, reset }), [generation, reset]);
  return <GraphqlStoreContext.Provider value={value}>{children}</GraphqlStoreContext.Provider>;
}

/** The generation above, or null outside `GraphqlStoreReset` (a test that renders a screen alone). */
export function useGraphqlStoreGeneration(): GraphqlStoreGeneration | null {
  return useContext(GraphqlStoreContext);
}

/** Throws away every cached GraphQL result (spec 000 §7: after sign-out the cache is reset). */
export function useResetGraphqlStore(): () => void {
  return useContext(GraphqlStoreContext)?.reset ?? noReset;
}

const noReset = () => {};
