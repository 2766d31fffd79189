import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { ignoreConsoleFiles, PWA_MANIFEST, PWA_WORKBOX } from './pwa.config.ts';

// Behind the gateway in development (`npm start`), which forwards `/` here; `/api` and
// `/v1/graphql` are then the gateway's. Run alone, the dev server forwards them to the gateway.
const port = Number(process.env.WEB_PORT ?? 5173);
const gateway = process.env.PORTAL_GATEWAY_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;

/**
 * Preloads the body font's Latin file from index.html (`<link rel="preload" as="font">`), so the
 * browser fetches it with the entry instead of once the first text is drawn: no screen is drawn in
 * the fallback font first and then moves when Inter comes (a layout shift; docs/decisions/web-app.md).
 */
function preloadBodyFont(): Plugin {
  return {
    name: 'portal-preload-body-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((file) =>
          /(^|\/)inter-latin-wght-normal-[^/]+\.woff2$/.test(file),
        );
        if (!font) throw new Error('the build has no inter-latin-wght-normal font to preload');
        const attrs = { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' };
        return [{ tag: 'link', attrs, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Fewer, larger chunks (docs/decisions/web-app.md#chunk-groups). Left to itself the bundler makes a
 * chunk of every set of screens sharing a module: a deep link into the assessment screen asked for
 * 124 files, most under 2 kB, each a request (six at a time over HTTP/1.1). Grouped: what the first
 * load runs stays in the entry chunk itself; Mantine's components and hooks one chunk every signed-in
 * screen shares; the charts (recharts) one chunk only the screens with a chart load; our own
 * modules shared by several screens grouped by the screens that use them, small groups merged
 * into their nearest neighbour. The editors (GraphiQL, Monaco) stay split as the bundler splits them.
 */
const CHUNK_GROUPS = {
  groups: [
    { name: 'initial', tags: ['$initial' as const], priority: 5 },
    { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/, priority: 4 },
    // The small libraries recharts shares with other screens (the admin console's editors use
    // react-is and use-sync-external-store), in a group of their own: the charts group would
    // otherwise take them along as recharts' dependencies, and those screens would load every chart
    // (checked in the build's test).
    {
      name: 'libs',
      test: /node_modules[\\/](react-is|use-sync-external-store|eventemitter3|es-toolkit|immer|redux|react-redux|redux-thunk|reselect|@reduxjs[\\/]toolkit|tiny-invariant)[\\/]/,
      entriesAware: true,
      priority: 3,
    },
    { name: 'charts', test: /node_modules[\\/](recharts|@mantine[\\/]charts)[\\/]/, priority: 2 },
    {
      name: 'shared',
      test: /web[\\/]src[\\/]/,
      minShareCount: 2,
      entriesAware: true,
      entriesAwareMergeThreshold: 8_000,
      priority: 1,
    },
  ],
};

const groupName = (name: string) => name.split('~')[0]!.replace(/\.[^.]+$/, '');

export default defineConfig({
  base: '/',
  plugins: [
    react(),
    preloadBodyFont(),
    // The service worker (Workbox, generateSW; docs/decisions/offline.md) and the web app manifest
    // of the production build. `src/lib/offline/service-worker.ts` registers it (workbox-window, no
    // inline script) and asks before an update takes over; the development server runs without one.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      injectRegister: false,
      manifest: PWA_MANIFEST,
      workbox: PWA_WORKBOX,
      integration: { beforeBuildServiceWorker: ignoreConsoleFiles },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of each text file of the build (`x.js.br`, `x.js.gz`), made once here
    // so the gateway sends them as they are to a browser that accepts them (stack/src/gateway/static.ts;
    // docs/decisions/local-stack.md). Files under 1 KiB, or that would not shrink, stay as they are.
    // Brotli quality 7: 1.2 s for the whole build on two cores; 11 is 8 % smaller and takes 43 s.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 7 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      threshold: 1024,
      logLevel: 'silent',
    }),
  ],
  server: {
    port,
    proxy: {
      '/api': gateway,
      '/v1/graphql': { target: gateway, ws: true },
    },
  },
  preview: { port },
  // The manifest (`dist/.vite/manifest.json`) lets the build's test find each screen's chunks.
  // Source maps are written beside the chunks for error reports (`dist/assets/*.js.map`) but
  // 'hidden': no chunk names its map, and the gateway never serves `*.map` (docs/security.md).
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: CHUNK_GROUPS,
        // A group's chunk is named after every screen sharing it (`shared~app-layout~…`): its group name is enough.
        chunkFileNames: (chunk) => `assets/${groupName(chunk.name)}-[hash].js`,
        assetFileNames: (asset) => `assets/${groupName(asset.names[0] ?? 'asset')}-[hash][extname]`,
      },
    },
  },
});
