import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Behind the gateway in development (`npm start`), which forwards `/` here; `/api` and
// `/v1/graphql` are then the gateway's. Run alone, the dev server forwards them to the gateway.
const port = Number(process.env.WEB_PORT ?? 5173);
const gateway = process.env.PORTAL_GATEWAY_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  base: '/',
  plugins: [react()],
  server: {
    port,
    proxy: {
      '/api': gateway,
      '/v1/graphql': { target: gateway, ws: true },
    },
  },
  preview: { port },
  build: { outDir: 'dist', sourcemap: true },
});
