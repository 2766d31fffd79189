import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/layout/full-page-loader.tsx';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';
import { GraphqlStoreReset } from '../../lib/urql/graphql-store-reset.tsx';

/**
 * Inside the router: the session, around every page, and the GraphQL store's generation (which
 * signing out resets). The GraphQL client itself comes with the routes that use it (`GraphqlRoutes`).
 */
export function RootLayout() {
  return (
    <GraphqlStoreReset>
      <AuthProvider>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AuthProvider>
    </GraphqlStoreReset>
  );
}
