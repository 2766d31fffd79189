import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/devdb';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, REPO_ROOT, type StackConfig } from './config/config.ts';
import { resolveSecrets } from './config/secrets.ts';
import { SERVICES } from './services/table.ts';
import { type RunningStack, runStack } from './stack.ts';

/**
 * The stack as `npm start` runs it (embedded PostgreSQL, the real engine and actions as child
 * processes, the gateway), on free ports and a temporary data directory, under a write load while
 * its parts are killed.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Processes whose command line names the text, from /proc. */
function pidsOf(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').includes(text))
        found.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

interface Attempt {
  name: string;
  status: number;
  acknowledged: boolean;
  body: string;
}

describe('the stack under failure (embedded PostgreSQL, real engine and actions)', () => {
  let dir: string;
  let config: StackConfig;
  let stack: RunningStack;
  let base: string;
  let adminSecret: string;
  let db: pg.Pool;
  const lines: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-real-'));
    // Started by root, PostgreSQL runs as `postgres`, which must reach the data directory.
    chmodSync(dir, 0o755);
    config = loadConfig(
      {
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(await freePort()),
        PGPORT: String(await freePort()),
        S3_PORT: String(await freePort()),
        HASURA_GRAPHQL_SERVER_PORT: String(await freePort()),
        ACTIONS_PORT: String(await freePort()),
        WEB_PORT: String(await freePort()),
        WEB_BUILD: 'off',
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

  const postgresPid = (): number =>
    Number(
      readFileSync(
        path.join((config.database as { dataDir: string }).dataDir, 'postmaster.pid'),
        'utf8',
      ).split('\n')[0],
    );

  const health = async () => {
    const response = await fetch(`${base}/healthz`);
    const report = (await response.json()) as {
      ok: boolean;
      services: { name: string; state: string; detail?: string }[];
    };
    return { status: response.status, report };
  };

  async function healthyAgain(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await health()).status === 200) return;
      await sleep(200);
    }
    throw new Error(`not healthy again within ${timeoutMs} ms:\n${lines.slice(-40).join('\n')}`);
  }

  /** One GraphQL insert as admin through the gateway; acknowledged when the row came back. */
  async function insert(name: string): Promise<Attempt> {
    try {
      const response = await fetch(`${base}/v1/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret },
        body: JSON.stringify({
          query:
            'mutation ($name: String!) { insert_practice_networks_one(object: { name: $name }) { id name } }',
          variables: { name },
        }),
        signal: AbortSignal.timeout(10_000),
      });
      const body = await response.text();
      const acknowledged =
        response.status === 200 &&
        body.includes(`"name":${JSON.stringify(name)}`) &&
        !body.includes('"errors"');
      return { name, status: response.status, acknowledged, body };
    } catch (error) {
      return { name, status: 0, acknowledged: false, body: (error as Error).message };
    }
  }

  /**
   * Writes one row after another (two writers) while `disrupt` runs; also records /healthz
   * while it is not ok. Returns every attempt.
   */
  async function underWriteLoad(
    label: string,
    disrupt: () => Promise<void>,
  ): Promise<{ attempts: Attempt[]; unhealthy: { name: string; state: string }[][] }> {
    const attempts: Attempt[] = [];
    const unhealthy: { name: string; state: string }[][] = [];
    let running = true;
    let n = 0;
    const writer = async () => {
      while (running) {
        attempts.push(await insert(`${label} ${n++} ${Math.random().toString(36).slice(2)}`));
        await sleep(20);
      }
    };
    const watcher = async () => {
      while (running) {
        const { report } = await health().catch(() => ({ report: { ok: true, services: [] } }));
        if (!report.ok) unhealthy.push(report.services.filter((s) => s.state !== 'healthy'));
        await sleep(150);
      }
    };
    const work = [writer(), writer(), watcher()];
    await sleep(500);
    await disrupt();
    await healthyAgain();
    await sleep(500);
    running = false;
    await Promise.all(work);
    return { attempts, unhealthy };
  }

  async function storedNames(): Promise<Set<string>> {
    const { rows } = await db.query<{ name: string }>('select name from practice_networks');
    return new Set(rows.map((r) => r.name));
  }

  it('kill -9 of PostgreSQL: every acknowledged write is kept, /healthz names it, it is restarted', {
    timeout: 180_000,
  }, async () => {
    const before = postgresPid();
    const { attempts, unhealthy } = await underWriteLoad('pg', async () => {
      process.kill(before, 'SIGKILL');
      await sleep(300);
    });
    expect(postgresPid()).not.toBe(before);
    expect(lines.join('\n')).toMatch(
      /PostgreSQL exited unexpectedly \(signal SIGKILL\); restarting in 0\.5 s \(restart \d of 5 in the last minute\)/,
    );
    expect(unhealthy.some((services) => services.some((s) => s.name === 'postgres'))).toBe(true);
    const acknowledged = attempts.filter((a) => a.acknowledged);
    expect(acknowledged.length).toBeGreaterThan(5);
    expect(attempts.some((a) => !a.acknowledged)).toBe(true);
    const stored = await storedNames();
    expect(acknowledged.filter((a) => !stored.has(a.name))).toEqual([]);
    // Writes are acknowledged again once it is back.
    expect((await insert(`after pg ${Date.now()}`)).acknowledged).toBe(true);
  });

  // Needs the engine's 503 while its database is down (being added in packages/engine): today
  // the engine answers such a write 200 with a "database query error" in `errors`.
  it('kill -9 of PostgreSQL: a write while it is down is refused with 503, never a 200 with an error', {
    timeout: 180_000,
  }, async () => {
    const { attempts } = await underWriteLoad('pg503', async () => {
      process.kill(postgresPid(), 'SIGKILL');
      await sleep(300);
    });
    const refused = attempts.filter((a) => !a.acknowledged);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.filter((a) => a.status !== 503)).toEqual([]);
  });

  it('kill -9 of the engine, then of actions: writes get 503 meanwhile, none acknowledged is lost, both come back', {
    timeout: 180_000,
  }, async () => {
    for (const [service, entry] of [
      ['engine', 'packages/engine/src/server/main.ts'],
      ['actions', 'actions/src/main.ts'],
    ] as const) {
      const pids = pidsOf(entry).filter((pid) =>
        readFileSync(`/proc/${pid}/environ`, 'utf8').includes(
          service === 'engine'
            ? `HASURA_GRAPHQL_SERVER_PORT=${config.engine.port}`
            : `PORT=${config.actions.port}`,
        ),
      );
      expect(pids.length, service).toBeGreaterThan(0);
      const { attempts, unhealthy } = await underWriteLoad(service, async () => {
        for (const pid of pids) process.kill(pid, 'SIGKILL');
        if (service === 'actions') {
          // A write of the app that goes through actions: signing in stores a session.
          await sleep(100);
          const signIn = await fetch(`${base}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: 'pm@demo.test', password: 'Demo-pass-1' }),
          });
          expect(signIn.status).toBe(503);
          expect(await signIn.json()).toMatchObject({
            error: 'actions is not available right now (it is down or restarting); try again in a moment',
          });
        }
      });
      expect(lines.join('\n')).toMatch(
        new RegExp(`${service} exited unexpectedly \\(signal SIGKILL\\); restarting in [\\d.]+ s`),
      );
      expect(unhealthy.some((services) => services.some((s) => s.name === service))).toBe(true);
      const stored = await storedNames();
      expect(attempts.filter((a) => a.acknowledged && !stored.has(a.name))).toEqual([]);
      if (service === 'engine') {
        const refused = attempts.filter((a) => !a.acknowledged);
        expect(refused.length).toBeGreaterThan(0);
        expect(refused.filter((a) => a.status !== 503)).toEqual([]);
      }
    }
    const signIn = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pm@demo.test', password: 'Demo-pass-1' }),
    });
    expect(signIn.status).toBe(200);
  });

  it('too large bodies: 413 from the gateway on /api and /v1/graphql, actions’ own 413 passed on; nothing is written', {
    timeout: 60_000,
  }, async () => {
    await healthyAgain();
    const name = `too large ${Date.now()}`;
    const huge = `${'x'.repeat(config.gateway.maxBodyBytes)}`;
    const graphql = await fetch(`${base}/v1/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': adminSecret },
      body: JSON.stringify({
        query: `mutation { insert_practice_networks_one(object: { name: ${JSON.stringify(name)} }) { id } }`,
        padding: huge,
      }),
    });
    expect(graphql.status).toBe(413);
    expect(await graphql.json()).toMatchObject({ code: 'payload-too-large' });

    const sessions = async () => Number((await db.query('select count(*) from sessions')).rows[0].count);
    const sessionsBefore = await sessions();
    const api = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'pm@demo.test', password: huge }),
    });
    expect(api.status).toBe(413);
    expect(await api.json()).toMatchObject({ code: 'payload-too-large' });

    // Under the gateway's limit but over actions' own: actions answers 413 early and the gateway
    // passes it on (it used to answer 502 "write EPIPE").
    for (const url of ['/api/auth/login', '/api/auth/reset']) {
      const answer = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'pm@demo.test', password: 'x'.repeat(1_000_000) }),
      });
      expect(answer.status, url).toBe(413);
    }
    expect((await storedNames()).has(name)).toBe(false);
    expect(await sessions()).toBe(sessionsBefore);
  });

  it('stops within 10 s when PostgreSQL was just killed', {
    timeout: 60_000,
  }, async () => {
    await healthyAgain();
    process.kill(postgresPid(), 'SIGKILL');
    const started = Date.now();
    stack.requestStop('test: stop with PostgreSQL killed');
    expect(await stack.done).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(pidsOf(path.join(dir, 'data'))).toEqual([]);
  });
});
