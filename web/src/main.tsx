import '@fontsource-variable/inter';
import '@mantine/core/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { env } from './config/env.ts';
import { appUpdate } from './lib/offline/app-update.ts';
import { createPortalServices } from './lib/services.tsx';

const services = createPortalServices({ apiUrl: env.VITE_API_URL, graphqlUrl: env.VITE_GRAPHQL_URL });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);

// The production build's service worker (vite-plugin-pwa; docs/decisions/offline.md) caches the app
// for offline use; the development server has none.
if (import.meta.env.PROD) appUpdate.register('/sw.js');
