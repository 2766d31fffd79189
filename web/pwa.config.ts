import type { ManifestOptions, VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The web app manifest (installable on a tablet). The product's name is the spec's
 * ("Connect", spec 002 §8's messages); the colours are the brand's deep teal (theme.ts, shade 8)
 * and white. The icons were made once from `public/favicon.svg` with @vite-pwa/assets-generator
 * (preset minimal-2023) and are committed in `public/`.
 */
export const PWA_MANIFEST: Partial<ManifestOptions> = {
  id: '/',
  name: 'Connect · Practice Accreditation',
  short_name: 'Connect',
  description: 'Connect: practice accreditation portal',
  lang: 'en-AU',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: '#006e66',
  background_color: '#ffffff',
  icons: [
    { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
    { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
    { src: '/maskable-icon-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * Paths a navigation must take to the server, never answered with the cached app shell: the
 * actions service, the GraphQL engine and the gateway's health. The admin console is an app route
 * (its chunk is not precached: offline it says its screen could not be loaded).
 */
export const NAVIGATE_FALLBACK_DENYLIST = [/^\/api(\/|$)/, /^\/v[12](\/|$)/, /^\/healthz$/];

/**
 * What the service worker precaches: the app shell (index.html, the entry chunk, its CSS and the
 * scripts beside it), every screen's chunk — the survey assessment's among them — the fonts and the
 * icons. Not the admin console's chunk (react-admin and MUI, about 0.9 MB, a back-office tool that
 * edits live data) nor the source maps. Nothing else is cached: no API answer, no GraphQL (the
 * offline copy of an assessment is IndexedDB's).
 */
export const PWA_WORKBOX: Partial<VitePWAOptions['workbox']> = {
  // The manifest's icons are added by the plugin (includeManifestIcons).
  globPatterns: ['**/*.{js,css,html,woff2,svg}'],
  // The admin console and its GraphiQL are back-office tools: Monaco (2.8 MB, its workers and
  // language modes) and Prettier's formatter (standalone, babel, estree) are loaded only there.
  globIgnores: [
    '**/admin-console-*.js',
    '**/graphiql-view-*.{js,css}',
    '**/monaco-editor-*.{js,css}',
    '**/mouseTarget-*.js',
    '**/range-*.js',
    '**/{jsonMode,graphqlMode,lite}-*.js',
    '**/{standalone,babel,estree}-*.js',
    '**/*.worker-*.js',
    '**/*.map',
  ],
  // The largest screen chunk is well under it; a chunk above it fails the build's test.
  maximumFileSizeToCacheInBytes: 1024 * 1024,
  // Workbox's own generated code, not ours: no map (with the build's 'hidden' maps the plugin would
  // otherwise write sw.js with a sourceMappingURL comment).
  sourcemap: false,
  navigateFallback: '/index.html',
  navigateFallbackDenylist: NAVIGATE_FALLBACK_DENYLIST,
  cleanupOutdatedCaches: true,
  // A new version waits and takes over only when the user presses Reload (the app asks it to);
  // the very first one takes over the open page at once (there is no older one to replace).
  skipWaiting: false,
  clientsClaim: true,
  runtimeCaching: [],
};
