import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '../../components/layout/full-page-loader.tsx';
import { AuthProvider } from '../../lib/auth/auth-provider.tsx';
import { GraphqlProvider } from '../../lib/urql/graphql-provider.tsx';

/** Inside the router: the GraphQL client and the session, around every page. */
export function RootLayout() {
  return (
    <GraphqlProvider>
      <AuthProvider>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </AuthProvider>
    </GraphqlProvider>
  );
}
