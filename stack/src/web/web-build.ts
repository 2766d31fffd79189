import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from '../log.ts';

/**
 * The production build of the web app that `npm start` serves
 * (docs/decisions/local-stack.md#production-build): built on the first start and again whenever
 * what goes into it changed, keyed by the content of those files. `npm run dev` runs Vite's
 * development server instead and needs no build.
 */

/** Written into a finished build: the key of the sources it was built from. */
export const BUILD_KEY_FILE = '.build-key';

/** What goes into the build, relative to the repository: the web app and the rules it imports. */
const BUILD_INPUTS = ['web', 'packages/domain', 'package.json', 'package-lock.json', 'tsconfig.base.json'];
/** Never part of the build: installs, caches, earlier builds and tests. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'dev-dist', 'coverage', 'screenshots']);
const SKIPPED_FILE = /\.test\.tsx?$|^\.|\.log$/;

function inputFiles(root: string, relative: string, into: string[]): void {
  const full = path.join(root, relative);
  if (!existsSync(full)) return;
  const entries = readdirSync(full, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const entry of entries) {
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name) && !entry.name.startsWith('.')) inputFiles(root, child, into);
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
      into.push(child);
    }
  }
}

/**
 * A hash of every file the build reads (their paths and contents) and of the Node version: the same
 * sources give the same key on any machine, and one changed byte gives another.
 */
export function webBuildKey(root: string): string {
  const files: string[] = [];
  for (const input of BUILD_INPUTS) {
    const full = path.join(root, input);
    if (!existsSync(full)) continue;
    if (statSync(full).isDirectory()) inputFiles(root, input, files);
    else files.push(input);
  }
  const hash = createHash('sha256').update(`node ${process.version}\n`);
  for (const file of files) {
    hash.update(`${file.split(path.sep).join('/')}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The key a finished build in `dist` was made from, or null (none, or an unfinished one). */
export function builtKey(dist: string): string | null {
  const file = path.join(dist, BUILD_KEY_FILE);
  if (!existsSync(file) || !existsSync(path.join(dist, 'index.html'))) return null;
  return readFileSync(file, 'utf8').trim();
}

/** The path of the web workspace's own Vite, wherever npm put it. */
export function viteBin(root: string): string {
  const require = createRequire(path.join(root, 'web', 'package.json'));
  return path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js');
}

/**
 * Builds the web app for production (`vite build`) into `outDir`, in a child process with
 * NODE_ENV=production so that a caller's NODE_ENV (a test runner's `test`) cannot turn it into a
 * development build. Rejects with Vite's output when the build fails; `signal` cancels it.
 */
export function buildWebApp(root: string, outDir: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [viteBin(root), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
      {
        cwd: path.join(root, 'web'),
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', NO_COLOR: '1' },
        maxBuffer: 16 * 1024 * 1024,
        signal,
      },
      (error, stdout, stderr) => {
        if (!error) return resolve();
        if (signal?.aborted) return reject(new Error('the web app build was cancelled'));
        reject(new Error(`the web app did not build:\n${`${stdout}${stderr}`.trim() || error.message}`));
      },
    );
  });
}

export interface EnsureWebBuildOptions {
  root: string;
  /** Where the gateway serves the build from (WEB_DIST). */
  dist: string;
  log: Logger;
  signal?: AbortSignal;
  /** How often a line says the build is still going (default every 15 s). */
  progressEveryMs?: number;
}

/**
 * Makes sure `dist` holds a production build of the current sources: nothing to do when its key
 * matches, else a build into a directory beside it that replaces `dist` only once complete (an
 * interrupted or failed build never leaves a half-built app to serve). Says what it does.
 */
export async function ensureWebBuild(options: EnsureWebBuildOptions): Promise<'current' | 'built'> {
  const { root, dist, log } = options;
  const key = webBuildKey(root);
  if (builtKey(dist) === key) {
    log(`the production build in ${path.relative(root, dist) || dist} is current`);
    return 'current';
  }
  const reason = existsSync(path.join(dist, 'index.html'))
    ? 'the web app or its dependencies changed since the last build'
    : 'there is no build yet';
  log(`building the web app for production (${reason}); this takes a minute or two…`);
  const started = Date.now();
  const ticker = setInterval(
    () => log(`still building the web app (${Math.round((Date.now() - started) / 1000)} s)…`),
    options.progressEveryMs ?? 15_000,
  );
  const partial = `${dist}.building-${process.pid}`;
  try {
    await buildWebApp(root, partial, options.signal);
    writeFileSync(path.join(partial, BUILD_KEY_FILE), `${key}\n`);
    rmSync(dist, { recursive: true, force: true });
    renameSync(partial, dist);
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    clearInterval(ticker);
  }
  log(
    `built the web app in ${Math.round((Date.now() - started) / 1000)} s (${path.relative(root, dist) || dist})`,
  );
  return 'built';
}
