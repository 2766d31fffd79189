import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { PortalServices } from '../lib/services.tsx';
import { AppProvider } from './provider.tsx';
import { preloadMatchedScreens } from './routes/preload-matched-screens.ts';
import { routes } from './routes/route-table.tsx';

export function App({ services }: { services: PortalServices }) {
  const [router] = useState(() => {
    const created = createBrowserRouter(routes);
    preloadMatchedScreens(created);
    return created;
  });
  return (
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
