import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { testEnv } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = path.join(import.meta.dirname, 'main.ts');
const TSX = import.meta.resolve('tsx');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', TSX, MAIN], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase('migrated');
});
afterAll(() => database.drop());

describe('main.ts', () => {
  it('starts from the environment on 127.0.0.1, serves health, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const service = start({ ...testEnv(database.url, { LOG_LEVEL: 'info' }), PORT: String(port) });
    // Healthy, or ended: loading the service through tsx took over 10 s on a busy 2-core machine.
    let healthy = false;
    let ended = false;
    void service.exited.then(() => {
      ended = true;
    });
    const deadline = Date.now() + 60_000;
    while (!healthy && !ended && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      healthy = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.ok)
        .catch(() => false);
    }
    expect(healthy, service.output()).toBe(true);
    service.child.kill('SIGTERM');
    expect(await service.exited).toBe(0);
    expect(service.output()).toContain('shutting down');
  }, 90_000);

  it('refuses to start with a bad environment and lists every problem', async () => {
    const service = start({ PORT: 'x', ACTIONS_SECRET: 'short' });
    expect(await service.exited).toBe(1);
    const output = service.output();
    expect(output).toContain('invalid configuration of the actions service');
    for (const name of ['DATABASE_URL', 'HASURA_GRAPHQL_JWT_SECRET', 'ACTIONS_SECRET', 'PORT']) {
      expect(output).toContain(`- ${name}`);
    }
  });
});
