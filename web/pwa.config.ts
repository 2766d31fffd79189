import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ManifestOptions, ResolvedVitePWAOptions, VitePWAOptions } from 'vite-plugin-pwa';

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
  // The chunks only the admin console loads are left out by `consoleOnlyFiles` below (from the
  // build's graph, not their names); its editor's workers and the source maps by name here.
  globIgnores: ['**/*.worker-*.js', '**/*.map'],
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

/** One chunk of Vite's build manifest (`<outDir>/.vite/manifest.json`). */
interface BuiltChunk {
  file: string;
  css?: string[];
  assets?: string[];
  imports?: string[];
  dynamicImports?: string[];
}

/** The admin console's lazy entry (route-table.tsx): a back-office tool, never precached. */
const CONSOLE_ENTRY = 'src/features/admin-console/index.ts';

/**
 * The files of the build that only the admin console loads (react-admin, GraphiQL, Monaco and its
 * language modes, Prettier): every chunk, style sheet and asset that index.html cannot reach,
 * statically or lazily, without going through the console's entry. From the build's own graph, so
 * a shared chunk the bundler happens to name after the console is still precached.
 */
export function consoleOnlyFiles(manifest: Record<string, BuiltChunk>): Set<string> {
  const filesOf = (chunk: BuiltChunk) => [chunk.file, ...(chunk.css ?? []), ...(chunk.assets ?? [])];
  const reached = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (key === CONSOLE_ENTRY || !chunk || reached.has(key)) return;
    reached.add(key);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit('index.html');
  const kept = new Set([...reached].flatMap((key) => filesOf(manifest[key]!)));
  const all = Object.values(manifest).flatMap(filesOf);
  return new Set(all.filter((file) => !kept.has(file)));
}

/**
 * Before Workbox lists the precache (vite-plugin-pwa's `beforeBuildServiceWorker`): leaves out
 * the files only the console loads, read from the build's manifest in the folder Workbox lists.
 */
export function ignoreConsoleFiles(options: ResolvedVitePWAOptions): void {
  const dir = options.workbox.globDirectory;
  if (!dir) throw new Error('vite-plugin-pwa gave Workbox no folder to list');
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite/manifest.json'), 'utf8'));
  options.workbox.globIgnores = [...(options.workbox.globIgnores ?? []), ...consoleOnlyFiles(manifest)];
}
