import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/devdb';
import { REPO_ROOT } from '@portal/stack';

/**
 * The README's commands run the way a newcomer runs them
 * (docs/decisions/local-stack.md#readme-test): on a clean copy of the repository, as `npm start`
 * and `npm run dev` in a shell of their own, stopped with Ctrl-C.
 */

/** A copy of the repository as a fresh clone after `npm ci` has it. */
export interface CleanCopy {
  dir: string;
  remove(): void;
}

/** Caches that a clone never has, wherever npm or a tool put them. */
const CACHES = ['.vite', '.vite-temp', '.cache'];

/**
 * Copies the repository's files (tracked, and new ones not ignored: what a clone of this work
 * would hold) into a new directory, without `.data`, `web/dist` or any build. The installed
 * dependencies are what `npm ci` just installed (CI runs it first), hard-linked rather than copied
 * (seconds instead of minutes), without the caches tools write into them: no `node_modules/.vite`.
 */
export function makeCleanCopy(): CleanCopy {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-readme-'));
  // Started as root, embedded PostgreSQL runs as `postgres`, which must reach the data directory.
  chmodSync(dir, 0o755);
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO_ROOT,
    maxBuffer: 64 * 1024 * 1024,
  })
    .toString('utf8')
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    const from = path.join(REPO_ROOT, file);
    // A file deleted in the work tree but not yet in the index is not part of the copy.
    if (!existsSync(from) || !lstatSync(from).isFile()) continue;
    const to = path.join(dir, file);
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
    chmodSync(to, statSync(from).mode);
  }
  for (const modules of installedModuleDirs()) {
    const to = path.join(dir, path.relative(REPO_ROOT, modules));
    mkdirSync(path.dirname(to), { recursive: true });
    try {
      execFileSync('cp', ['-al', modules, to]);
    } catch {
      // Another file system (no hard links across it): a real copy, slower.
      execFileSync('cp', ['-a', modules, to]);
    }
    for (const cache of CACHES) rmSync(path.join(to, cache), { recursive: true, force: true });
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The repository's `node_modules` and each workspace's own (npm puts some packages there). */
function installedModuleDirs(): string[] {
  const dirs = [path.join(REPO_ROOT, 'node_modules')];
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    workspaces?: string[];
  };
  for (const workspace of workspaces) {
    const modules = path.join(REPO_ROOT, workspace, 'node_modules');
    if (existsSync(modules)) dirs.push(modules);
  }
  return dirs;
}

/** The ports a README run listens on: all free, none of the defaults (CI may run other stacks). */
export async function readmePorts(): Promise<Record<string, string>> {
  const names = ['PORT', 'PGPORT', 'S3_PORT', 'HASURA_GRAPHQL_SERVER_PORT', 'ACTIONS_PORT', 'WEB_PORT'];
  const ports = new Set<number>();
  while (ports.size < names.length) ports.add(await freePort());
  return Object.fromEntries(names.map((name, index) => [name, String([...ports][index])]));
}

/** One of the README's commands, running. */
export interface ReadmeRun {
  /** The URL the banner printed ("The accreditation portal is ready at …"). */
  url: string;
  /** Everything it printed so far. */
  output(): string;
  /** The lines that say a service crashed or was restarted (none, in a healthy run). */
  restarts(): string[];
  /**
   * Ctrl-C, as in a terminal (SIGINT to its process group); resolves with what the stack said last
   * ("everything stopped", or "… after an error"), once npm has exited.
   */
  stop(): Promise<string>;
}

const READY = /The accreditation portal is ready at (\S+)/;
const CRASHED = /exited unexpectedly|restarting in|stopping everything/;

/**
 * Runs `npm <args>` in `dir` as a newcomer's shell would (their PATH and HOME, nothing of the test
 * runner's), with `env` on top (free ports), and waits for the banner's URL.
 */
export async function runReadmeCommand(
  dir: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs: number,
): Promise<ReadmeRun> {
  let printed = '';
  const child: ChildProcess = spawn('npm', args, {
    cwd: dir,
    // Its own process group, like a terminal's foreground job: Ctrl-C reaches every process in it.
    detached: true,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  const deadline = Date.now() + timeoutMs;
  let url: string | undefined;
  while (!url) {
    url = READY.exec(printed)?.[1];
    if (url) break;
    if (gone || Date.now() > deadline) {
      if (!gone) process.kill(-child.pid!, 'SIGKILL');
      throw new Error(
        `\`npm ${args.join(' ')}\` ${gone ? 'ended' : `printed no URL within ${timeoutMs / 1000} s`}:\n${printed}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    output: () => printed,
    restarts: () => printed.split('\n').filter((line) => CRASHED.test(line)),
    async stop() {
      if (!gone) process.kill(-child.pid!, 'SIGINT');
      const timer = setTimeout(() => {
        if (!gone) process.kill(-child.pid!, 'SIGKILL');
      }, 20_000);
      await exited;
      clearTimeout(timer);
      // npm itself ends by the signal (no exit code): the stack's last words say how it stopped.
      return /everything stopped.*$/m.exec(printed)?.[0] ?? `no 'everything stopped' in:\n${printed}`;
    },
  };
}
