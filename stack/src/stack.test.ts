import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from '@portal/devdb';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, REPO_ROOT, type StackConfig } from './config/config.ts';
import { resolveSecrets } from './config/secrets.ts';
import { startS3rver } from './data/s3.ts';
import { probePort } from './ports.ts';
import { SERVICES, type ServiceSpec } from './services/table.ts';
import { type RunningStack, runStack } from './stack.ts';

/**
 * The stack in this process with a stand-in engine: a tiny server that reports the
 * environment it got and can be told to crash. Real PostgreSQL (the test cluster, through
 * DATABASE_URL), real s3rver, real gateway, real child process handling.
 */

const STAND_IN = `
import http from 'node:http';
const healthyFrom = Date.now() + Number(process.env.STAND_IN_WARM_UP_MS ?? 0);
const server = http.createServer((req, res) => {
  if (req.url === '/healthz' || req.url === '/api/health') {
    if (Date.now() < healthyFrom) { res.statusCode = 503; return res.end('warming up'); }
    return res.end('OK');
  }
  if (req.url === '/v1/graphql?crash') {
    res.end('bye');
    console.error('Error: the stand-in cannot go on (pid ' + process.pid + ')');
    setTimeout(() => process.exit(7), 10);
    return;
  }
  if (req.url === '/v1/graphql?pid') return res.end(String(process.pid));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({
    pid: process.pid,
    url: req.url,
    env: Object.fromEntries(
      Object.entries(process.env).filter(([k]) => /^(HASURA_|ACTIONS_|S3_|TRUST_PROXY$|DEV_PAGES_KEY$)/.test(k)),
    ),
  }));
});
// As the engine it has HASURA_GRAPHQL_SERVER_PORT; as actions, PORT.
server.listen(Number(process.env.PORT ?? process.env.HASURA_GRAPHQL_SERVER_PORT), '127.0.0.1', () =>
  console.log('stand-in up'),
);
// STAND_IN_HANG: a service that ignores SIGTERM (only SIGKILL ends it).
process.on('SIGTERM', () => {
  if (!process.env.STAND_IN_HANG) server.close(() => process.exit(0));
});
`;

/** The variables a config was loaded from (enough of them to load it again with changes). */
function envOf(config: StackConfig): Record<string, string> {
  return {
    DATABASE_URL: (config.database as { url: string }).url,
    DATA_DIR: config.dataDir,
    PORT: String(config.port),
    HASURA_GRAPHQL_SERVER_PORT: String(config.engine.port),
    ACTIONS_PORT: String(config.actions.port),
    WEB_PORT: String(config.web.port),
    // As the config it copies: no production build of the web app (the gateway's status page).
    WEB_BUILD: 'off',
    NO_COLOR: '1',
  };
}

describe('runStack', () => {
  let dir: string;
  let db: TestDatabase;
  let config: StackConfig;
  let engine: ServiceSpec;
  let stack: RunningStack | undefined;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-run-'));
    chmodSync(dir, 0o755);
    const script = path.join(dir, 'engine.mjs');
    writeFileSync(script, STAND_IN);
    db = await createTestDatabase('empty');
    config = loadConfig(
      {
        DATABASE_URL: db.url,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(await freePort()),
        S3_PORT: String(await freePort()),
        HASURA_GRAPHQL_SERVER_PORT: String(await freePort()),
        ACTIONS_PORT: String(await freePort()),
        WEB_PORT: String(await freePort()),
        WEB_BUILD: 'off',
        NO_COLOR: '1',
      },
      REPO_ROOT,
    );
    const real = SERVICES.find((s) => s.name === 'engine')!;
    engine = { ...real, entry: script, command: () => ({ command: process.execPath, args: [script] }) };
  });

  afterEach(async () => {
    stack?.requestStop('test over');
    await stack?.done;
    stack = undefined;
    vi.restoreAllMocks();
  });

  afterAll(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs a service behind the gateway with its environment, and stops when it dies', {
    timeout: 60_000,
  }, async () => {
    const errors: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      errors.push(String(chunk));
      return true;
    });
    // No restarts: the first crash stops everything (the restart policy has its own test).
    stack = await runStack(config, { services: [engine], restart: { maxRestarts: 0 } });
    expect(await stack.ready).toBe(true);
    const base = `http://127.0.0.1:${config.port}`;

    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    const report = (await health.json()) as { services: { name: string; state: string }[] };
    expect(report.services.map((s) => [s.name, s.state])).toEqual([
      ['postgres', 'healthy'],
      ['s3', 'healthy'],
      ['engine', 'healthy'],
    ]);

    const echo = (await (await fetch(`${base}/v1/graphql`, { method: 'POST', body: '{}' })).json()) as {
      env: Record<string, string>;
    };
    expect(echo.env.HASURA_GRAPHQL_DATABASE_URL).toBe(db.url);
    expect(echo.env.HASURA_GRAPHQL_SERVER_PORT).toBe(String(config.engine.port));
    expect(echo.env.ACTIONS_BASE_URL).toBe(`http://127.0.0.1:${config.actions.port}/api`);
    expect(JSON.parse(echo.env.HASURA_GRAPHQL_JWT_SECRET!)).toMatchObject({ type: 'HS256' });
    expect(echo.env.HASURA_GRAPHQL_ADMIN_SECRET).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetch(`${base}/api/health`)).status).toBe(503);

    await fetch(`${base}/v1/graphql?crash`);
    expect(await stack.done).toBe(1);
    expect(errors.join('')).toContain('engine exited unexpectedly (code 7); stopping everything');
    expect(await probePort(config.port, '127.0.0.1')).toBeNull();
    expect(await probePort((config.s3 as { port: number }).port, '127.0.0.1')).toBeNull();
  });

  it("refuses to start without a service's entry file, naming the file and what to do", {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = [];
    const missing: ServiceSpec = {
      ...SERVICES.find((s) => s.name === 'actions')!,
      entry: path.join(dir, 'nope.ts'),
    };
    stack = await runStack(config, { services: [engine, missing], output: (line) => lines.push(line) });
    expect(await stack.ready).toBe(false);
    expect(await stack.done).toBe(1);
    const log = lines.join('\n');
    expect(log).toContain(`actions: its entry file ${path.join(dir, 'nope.ts')} does not exist`);
    expect(log).toContain('git checkout -- <file>');
    expect(log).not.toContain('is ready at');
    // Nothing was started: neither the gateway nor the service that does exist.
    expect(await probePort(config.port, '127.0.0.1')).toBeNull();
    expect(await probePort(config.engine.port, '127.0.0.1')).toBeNull();
  });

  it("reports ok: false in /healthz when a running service's entry file disappears", {
    timeout: 60_000,
  }, async () => {
    const entry = path.join(dir, 'engine-copy.mjs');
    writeFileSync(entry, STAND_IN);
    const copy: ServiceSpec = {
      ...engine,
      entry,
      command: () => ({ command: process.execPath, args: [entry] }),
    };
    stack = await runStack(config, { services: [copy], output: () => {} });
    expect(await stack.ready).toBe(true);
    const base = `http://127.0.0.1:${config.port}`;
    const before = await fetch(`${base}/healthz`);
    expect(before.status).toBe(200);
    expect(((await before.json()) as { ok: boolean }).ok).toBe(true);

    rmSync(entry);
    const after = await fetch(`${base}/healthz`);
    expect(after.status).toBe(503);
    const report = (await after.json()) as {
      ok: boolean;
      services: { name: string; state: string; detail?: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.services.find((s) => s.name === 'engine')).toMatchObject({
      state: 'missing',
      detail: `its entry file ${entry} does not exist`,
    });
  });

  it('tells the engine the allowed CORS origins, and actions to trust only the gateway and its dev pages key', {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = [];
    const standInActions: ServiceSpec = {
      ...SERVICES.find((s) => s.name === 'actions')!,
      entry: engine.entry,
      command: engine.command,
    };
    stack = await runStack(config, {
      services: [engine, standInActions],
      output: (line) => lines.push(line),
    });
    expect(await stack.ready).toBe(true);
    const base = `http://127.0.0.1:${config.port}`;
    const engineEnv = (
      (await (await fetch(`${base}/v1/graphql`, { method: 'POST' })).json()) as {
        env: Record<string, string>;
      }
    ).env;
    expect(engineEnv.HASURA_GRAPHQL_CORS_DOMAIN).toBe(
      `http://localhost:${config.port},http://127.0.0.1:${config.port}`,
    );
    const actionsEnv = (
      (await (await fetch(`${base}/api/anything`)).json()) as { env: Record<string, string> }
    ).env;
    expect(actionsEnv.TRUST_PROXY).toBe('127.0.0.1');
    const stored = JSON.parse(readFileSync(path.join(config.dataDir, 'secrets.json'), 'utf8')) as {
      devPagesKey: string;
    };
    expect(stored.devPagesKey).toMatch(/^[0-9a-f]{64}$/);
    expect(actionsEnv.DEV_PAGES_KEY).toBe(stored.devPagesKey);
    // The banner gives the full mailbox link, with one line saying what it is.
    const banner = lines.join('\n');
    expect(banner).toContain(`${config.publicUrl}/api/dev/mailbox?key=${stored.devPagesKey}`);
    expect(banner).toMatch(/Dev mailbox \(the e-mails the app sent: password reset and invitation links/);
  });

  it("runs s3rver on loopback for signed requests only, with the installation's own secret key, which actions gets", {
    timeout: 60_000,
  }, async () => {
    const standInActions: ServiceSpec = {
      ...SERVICES.find((s) => s.name === 'actions')!,
      entry: engine.entry,
      command: engine.command,
    };
    stack = await runStack(config, { services: [standInActions], output: () => {} });
    expect(await stack.ready).toBe(true);
    const actionsEnv = (
      (await (await fetch(`http://127.0.0.1:${config.port}/api/anything`)).json()) as {
        env: Record<string, string>;
      }
    ).env;
    const stored = JSON.parse(readFileSync(path.join(config.dataDir, 'secrets.json'), 'utf8')) as {
      s3SecretAccessKey: string;
    };
    expect(stored.s3SecretAccessKey).toMatch(/^[0-9a-f]{64}$/);
    expect(actionsEnv).toMatchObject({
      S3_ENDPOINT: config.s3.endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: stored.s3SecretAccessKey,
    });

    // Loopback only, and nobody else on the machine reads the objects on disk.
    const { port } = config.s3 as { port: number };
    expect(config.s3.endpoint).toBe(`http://127.0.0.1:${port}`);
    expect(await probePort(port, '127.0.0.1')).toBe('EADDRINUSE');
    expect(statSync(path.join(config.dataDir, 's3')).mode & 0o777).toBe(0o700);

    // The S3 API takes what actions signs with the key it was given, and nothing unsigned or
    // signed with s3rver's well-known default key.
    const client = (secretAccessKey: string) =>
      new S3Client({
        endpoint: config.s3.endpoint,
        region: config.s3.region,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey },
      });
    const signed = client(actionsEnv.S3_SECRET_ACCESS_KEY!);
    await signed.send(
      new PutObjectCommand({ Bucket: config.s3.bucket, Key: 'stack-test.txt', Body: 'kept' }),
    );
    const listed = await signed.send(new ListObjectsV2Command({ Bucket: config.s3.bucket }));
    expect(listed.Contents?.map((o) => o.Key)).toContain('stack-test.txt');
    const wellKnown = client('S3RVER');
    await expect(
      wellKnown.send(new ListObjectsV2Command({ Bucket: config.s3.bucket })),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    signed.destroy();
    wellKnown.destroy();
    for (const [method, url] of [
      ['GET', `/${config.s3.bucket}`],
      ['GET', `/${config.s3.bucket}/stack-test.txt`],
      ['DELETE', `/${config.s3.bucket}/stack-test.txt`],
    ] as const) {
      const answer = await fetch(`${config.s3.endpoint}${url}`, { method });
      expect(answer.status, `${method} ${url}`).toBe(403);
      expect(await answer.text()).toContain('<Code>AccessDenied</Code>');
    }
  });

  it('deduplicates the CORS origins and takes DEV_PAGES_KEY from the environment', () => {
    const withPublic = loadConfig(
      { ...envOf(config), PUBLIC_URL: `http://127.0.0.1:${config.port}/` },
      REPO_ROOT,
    );
    expect(withPublic.appOrigins).toEqual([
      `http://127.0.0.1:${config.port}`,
      `http://localhost:${config.port}`,
    ]);
    const elsewhere = loadConfig(
      { ...envOf(config), PUBLIC_URL: 'https://portal.example.org', DEV_PAGES_KEY: 'k'.repeat(20) },
      REPO_ROOT,
    );
    const context = { config: elsewhere, secrets: resolveSecrets(elsewhere), databaseUrl: db.url };
    const engineEnv = SERVICES.find((s) => s.name === 'engine')!.env(context);
    expect(engineEnv.HASURA_GRAPHQL_CORS_DOMAIN).toBe(
      `https://portal.example.org,http://localhost:${config.port},http://127.0.0.1:${config.port}`,
    );
    expect(SERVICES.find((s) => s.name === 'actions')!.env(context).DEV_PAGES_KEY).toBe('k'.repeat(20));
  });

  it('restarts a crashed service with a growing delay, reports it in /healthz, and stops when it keeps crashing', {
    timeout: 60_000,
  }, async () => {
    const lines: string[] = [];
    stack = await runStack(config, {
      services: [engine],
      output: (line) => lines.push(line),
      restart: { firstDelayMs: 1000, maxRestarts: 2, windowMs: 60_000 },
    });
    expect(await stack.ready).toBe(true);
    const base = `http://127.0.0.1:${config.port}`;
    const pid = async () => (await fetch(`${base}/v1/graphql?pid`)).text();
    const healthyAgain = async () => {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        if ((await fetch(`${base}/healthz`)).status === 200) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`not healthy again:\n${lines.join('\n')}`);
    };
    // It exits 10 ms after answering; the restart comes a second or more later.
    const crash = async () => {
      await fetch(`${base}/v1/graphql?crash`);
      await new Promise((resolve) => setTimeout(resolve, 300));
    };
    const before = await pid();

    await crash();
    // While it waits for the restart: /healthz names it, and requests get a clear 503.
    const down = await fetch(`${base}/healthz`);
    expect(down.status).toBe(503);
    const report = (await down.json()) as {
      ok: boolean;
      services: { name: string; state: string; detail?: string }[];
    };
    expect(report.ok).toBe(false);
    expect(report.services.find((s) => s.name === 'engine')).toMatchObject({
      state: 'unhealthy',
      detail: 'restarting after a crash (code 7; restart 1 of 2 in the last minute)',
    });
    const refused = await fetch(`${base}/v1/graphql`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: expect.stringContaining('engine is not available') });
    await healthyAgain();
    expect(await pid()).not.toBe(before);
    expect(lines.join('\n')).toContain(
      'engine exited unexpectedly (code 7); restarting in 1 s (restart 1 of 2 in the last minute)',
    );

    await crash();
    await healthyAgain();
    expect(lines.join('\n')).toContain('restarting in 2 s (restart 2 of 2 in the last minute)');

    const last = await pid();
    await crash();
    expect(await stack.done).toBe(1);
    // The terminal ends with why: the service's last lines, then what to do.
    const output = lines.map((line) => line.replace(/^\S+\s*│ /, '')).join('\n');
    const reason = output.slice(
      output.lastIndexOf('engine exited unexpectedly (code 7); stopping everything'),
    );
    expect(reason).toContain('stopping everything (restarted 2 times in the last 60 s)\nIts last lines:\n');
    expect(reason).toContain(`  | Error: the stand-in cannot go on (pid ${last})`);
    expect(reason).toMatch(
      /What to do: A metadata or migration error names its file under hasura\/.*npm run reset/,
    );
    expect(await probePort(config.port, '127.0.0.1')).toBeNull();
  });

  it('stops within 10 s with services that ignore SIGTERM, and leaves nothing running', {
    timeout: 60_000,
  }, async () => {
    // Two of them: their grace periods must not add up.
    const hang = (spec: ServiceSpec): ServiceSpec => ({
      ...spec,
      entry: engine.entry,
      command: engine.command,
      env: (context) => ({ ...spec.env(context), STAND_IN_HANG: '1' }),
    });
    const actions = SERVICES.find((s) => s.name === 'actions')!;
    stack = await runStack(config, { services: [hang(engine), hang(actions)], output: () => {} });
    expect(await stack.ready).toBe(true);
    const base = `http://127.0.0.1:${config.port}`;
    const pids = [
      Number(await (await fetch(`${base}/v1/graphql?pid`)).text()),
      ((await (await fetch(`${base}/api/x`)).json()) as { pid: number }).pid,
    ];
    const started = Date.now();
    stack.requestStop('test: stop');
    expect(await stack.done).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    expect(await probePort(config.engine.port, '127.0.0.1')).toBeNull();
    expect(await probePort(config.actions.port, '127.0.0.1')).toBeNull();
  });

  it('fails start-up naming a service that exits before it is healthy', { timeout: 60_000 }, async () => {
    const errors: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      errors.push(String(chunk));
      return true;
    });
    const broken: ServiceSpec = {
      ...engine,
      command: () => ({ command: process.execPath, args: ['-e', 'console.error("boom"); process.exit(2)'] }),
    };
    stack = await runStack(config, { services: [broken] });
    expect(await stack.ready).toBe(false);
    expect(await stack.done).toBe(1);
    expect(errors.join('')).toMatch(/engine exited (unexpectedly \(code 2\)|before it became healthy)/);
  });

  it('uses the S3 API at S3_ENDPOINT instead of starting s3rver', { timeout: 60_000 }, async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const external = await startS3rver({
      port: 0,
      directory: path.join(dir, 'external-s3'),
      bucket: 'elsewhere',
      allowedOrigins: [],
      secretAccessKey: 'the-external-s3-secret-key',
    });
    try {
      const s3Port = await freePort();
      const withS3 = loadConfig(
        {
          ...envOf(config),
          S3_ENDPOINT: external.endpoint,
          S3_BUCKET: 'elsewhere',
          S3_SECRET_ACCESS_KEY: 'the-external-s3-secret-key',
          S3_PORT: String(s3Port),
        },
        REPO_ROOT,
      );
      stack = await runStack(withS3, { services: [] });
      expect(await stack.ready).toBe(true);
      const report = (await (await fetch(`http://127.0.0.1:${withS3.port}/healthz`)).json()) as {
        services: { name: string; state: string; url?: string }[];
      };
      expect(report.services.find((s) => s.name === 's3')).toEqual({
        name: 's3',
        state: 'healthy',
        url: external.endpoint,
      });
      expect(await probePort(s3Port, '127.0.0.1')).toBeNull();
    } finally {
      stack?.requestStop('test over');
      await stack?.done;
      await external.stop();
    }
  });

  it('reports a service as starting until it first answers its health check', {
    timeout: 60_000,
  }, async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const slow: ServiceSpec = {
      ...engine,
      env: (context) => ({ ...engine.env(context), STAND_IN_WARM_UP_MS: '3000' }),
    };
    stack = await runStack(config, { services: [slow] });
    const base = `http://127.0.0.1:${config.port}`;
    let seen: { status: number; engine?: string } | undefined;
    const deadline = Date.now() + 20_000;
    while (!seen && Date.now() < deadline) {
      try {
        const response = await fetch(`${base}/healthz`);
        const report = (await response.json()) as { services: { name: string; state: string }[] };
        seen = { status: response.status, engine: report.services.find((s) => s.name === 'engine')?.state };
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    expect(seen).toEqual({ status: 503, engine: 'starting' });
    expect(await stack.ready).toBe(true);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });
});
