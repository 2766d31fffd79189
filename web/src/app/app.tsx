import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { PortalServices } from '../lib/services.tsx';
import { AppProvider } from './provider.tsx';
import { routes } from './routes/route-table.tsx';

export function App({ services }: { services: PortalServices }) {
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
