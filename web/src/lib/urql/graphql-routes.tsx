import { Outlet } from 'react-router';
import { GraphqlProvider } from './graphql-provider.tsx';

/** The routes under it with the GraphQL client: the layout of the signed-in routes and of the invitation. */
export function GraphqlRoutes() {
  return (
    <GraphqlProvider>
      <Outlet />
    </GraphqlProvider>
  );
}
