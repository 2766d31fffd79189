import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '../app/provider.tsx';
import { routes } from '../app/routes/route-table.tsx';
import { createPortalServices } from '../lib/services.tsx';
import { type ContractServer, CSRF } from './contract-server.ts';
import { setCsrfCookie } from './csrf-cookie.ts';

/** The whole app at `path`, talking to the contract server; `signedIn` gives it a live session cookie. */
export function renderApp(server: ContractServer, path: string, options: { signedIn?: boolean } = {}) {
  setCsrfCookie(CSRF);
  if (options.signedIn) server.state.sessionAlive = true;
  const services = createPortalServices({
    apiUrl: `${server.url}/api`,
    graphqlUrl: `${server.url}/v1/graphql`,
    baseUrl: server.url,
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, services, path: () => router.state.location.pathname };
}
