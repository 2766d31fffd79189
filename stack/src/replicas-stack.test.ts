import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/devdb';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT, type StackConfig } from './config/config.ts';
import { resolveSecrets } from './config/secrets.ts';
import { probePort } from './ports.ts';
import { hasEnded, pidOfService } from './processes.ts';
import { SERVICES } from './services/table.ts';
import { type RunningStack, runStack } from './stack.ts';
import { type Attempt, insertNetwork } from './write-probe.ts';

/**
 * `npm start` with STACK_REPLICAS=2: two engines and two actions services as child processes
 * behind the gateway, on the embedded PostgreSQL, one replica of each killed under a write load.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the stack with two replicas of the engine and of actions (STACK_REPLICAS=2)', () => {
  let dir: string;
  let config: StackConfig;
  let stack: RunningStack;
  let base: string;
  let adminSecret: string;
  let db: pg.Pool;
  const lines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-replicas-'));
    // Started by root, PostgreSQL runs as `postgres`, which must reach the data directory.
    chmodSync(dir, 0o755);
    // Each replica after the first listens on the next port: a free port whose next one is free too.
    const pairOfPorts = async (): Promise<number> => {
      for (;;) {
        const port = await freePort();
        if ((await probePort(port + 1, '127.0.0.1')) === null) return port;
      }
    };
    config = loadConfig(
      {
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(await freePort()),
        PGPORT: String(await freePort()),
        S3_PORT: String(await freePort()),
        HASURA_GRAPHQL_SERVER_PORT: String(await pairOfPorts()),
        ACTIONS_PORT: String(await pairOfPorts()),
        WEB_PORT: String(await freePort()),
        WEB_BUILD: 'off',
        STACK_REPLICAS: '2',
        NO_COLOR: '1',
      },
      REPO_ROOT,
    );
    stack = await runStack(config, {
      services: SERVICES.filter((s) => s.name !== 'web'),
      output: (line) => lines.push(line),
    });
    if (!(await stack.ready)) throw new Error(`the stack did not start:\n${lines.join('\n')}`);
    base = `http://127.0.0.1:${config.port}`;
    adminSecret = resolveSecrets(config).adminSecret;
    db = new pg.Pool({
      connectionString: `postgres://postgres:postgres@127.0.0.1:${config.database.kind === 'embedded' ? config.database.port : 0}/portal`,
      max: 2,
    });
    db.on('error', () => {});
  }, 240_000);

  afterAll(async () => {
    await db?.end().catch(() => {});
    stack?.requestStop('test over');
    await stack?.done;
    rmSync(dir, { recursive: true, force: true });
  });

  const health = async () => {
    const response = await fetch(`${base}/healthz`);
    return (await response.json()) as { ok: boolean; services: { name: string; state: string }[] };
  };

  const insert = (name: string) => insertNetwork(base, adminSecret, name);

  const signIn = () =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pm@demo.test', password: 'Demo-pass-1' }),
    });

  it('runs and reports each replica, and serves through all of them', { timeout: 60_000 }, async () => {
    const report = await health();
    expect(report.services.filter((s) => /^(engine|actions)/.test(s.name))).toEqual([
      { name: 'engine-1', state: 'healthy', url: expect.any(String) },
      { name: 'engine-2', state: 'healthy', url: expect.any(String) },
      { name: 'actions-1', state: 'healthy', url: expect.any(String) },
      { name: 'actions-2', state: 'healthy', url: expect.any(String) },
    ]);
    // Two sign-ins in a row go to the two actions services: the sessions and the lockout are
    // in PostgreSQL, so each one signs in.
    for (let i = 0; i < 2; i++) expect((await signIn()).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await insert(`replica ${i} ${Date.now()}`)).acknowledged).toBe(true);
  });

  it('kill -9 of one engine and one actions service under writes: none acknowledged is lost, the others take over at once', {
    timeout: 180_000,
  }, async () => {
    // Each writer's attempts, in order.
    const writers: Attempt[][] = [[], []];
    let running = true;
    let n = 0;
    const writer = async (mine: Attempt[]) => {
      while (running) {
        mine.push(await insert(`replicas ${n++} ${Math.random().toString(36).slice(2)}`));
        await sleep(20);
      }
    };
    const work = writers.map(writer);
    await sleep(500);
    const engine1 = pidOfService(
      'packages/engine/src/server/main.ts',
      `HASURA_GRAPHQL_SERVER_PORT=${config.engine.port}`,
    );
    const actions1 = pidOfService('actions/src/main.ts', `PORT=${config.actions.port}`);
    process.kill(engine1, 'SIGKILL');
    process.kill(actions1, 'SIGKILL');
    // Sign-in (a write of actions) once actions-1 is dead: the other actions service answers it.
    // A connection to actions-1 the gateway kept alive may carry it first and be reset: the
    // gateway cannot tell that from actions-1 dying after reading it (a write it may have made),
    // so it answers 503 rather than send it twice, marks actions-1 down, and the client's retry
    // goes to actions-2 at once.
    await expect.poll(() => hasEnded(actions1), { timeout: 5000, interval: 10 }).toBe(true);
    let afterKill = await signIn();
    if (afterKill.status === 503) afterKill = await signIn();
    expect(afterKill.status, await afterKill.clone().text()).toBe(200);
    await sleep(1500);
    running = false;
    await Promise.all(work);

    const { rows } = await db.query<{ name: string }>('select name from practice_networks');
    const stored = new Set(rows.map((r) => r.name));
    const attempts = writers.flat();
    expect(attempts.filter((a) => a.acknowledged && !stored.has(a.name))).toEqual([]);
    // Only the write that finds engine-1 dead can fail: one in flight on it, or one sent on a
    // connection to it the gateway kept alive (never sent twice: it may have been written). The
    // gateway then leaves engine-1 out, and every later write goes to the other engine.
    for (const mine of writers) {
      const failed = mine.filter((a) => !a.acknowledged);
      expect(failed.length).toBeLessThanOrEqual(1);
      expect(failed.filter((a) => a.status !== 503)).toEqual([]);
    }
    expect(lines.join('\n')).toMatch(/engine-1 exited unexpectedly \(signal SIGKILL\)/);
    expect(lines.join('\n')).toMatch(/actions-1 exited unexpectedly \(signal SIGKILL\)/);
    // Both are restarted and back in the pool.
    await expect.poll(async () => (await health()).ok, { timeout: 60_000, interval: 250 }).toBe(true);
  });
});
