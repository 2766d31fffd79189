import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { createUser } from '@portal/testkit/factories';
import { pingAction } from '@portal/testkit/ping-action';
import { startTcpSwitch } from '@portal/testkit/tcp-switch';
import { signIn, TEST_ACTIONS_SECRET, testEnv } from '@portal/testkit/test-app';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config/load-config.ts';
import { sql } from '../../db/sql.ts';

const UNAVAILABLE = {
  code: 'service_unavailable',
  message: 'The service is temporarily unavailable. Please try again in a moment.',
};

let database: TestDatabase;
let owner: pg.Pool;
let app: FastifyInstance;
let db: Awaited<ReturnType<typeof startTcpSwitch>>;

beforeAll(async () => {
  database = await createTestDatabase('migrated');
  owner = new pg.Pool({ connectionString: database.url, max: 1 });
  const url = new URL(database.url);
  db = await startTcpSwitch({ host: url.hostname, port: Number(url.port) });
  url.port = String(db.port);
  app = await buildApp(loadConfig(testEnv(url.toString(), { DATABASE_CONNECT_TIMEOUT_MS: '500' })), {
    extraActions: [pingAction.handler],
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.close();
  await owner?.end();
  await database?.drop();
});

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

async function expectUnavailable(response: Awaited<ReturnType<typeof login>>) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
}

describe('when PostgreSQL is unreachable', () => {
  it('answers 503 with Retry-After, reports the database down, and recovers when it is back', async () => {
    const user = await createUser(owner);
    const { accessToken } = await signIn(app, user.email, user.password);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok' });

    await db.down();

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    await expectUnavailable(health);
    expect(health.json()).toMatchObject({ status: 'unavailable', database: 'down', ...UNAVAILABLE });

    const signInAnswer = await login(user.email, user.password);
    await expectUnavailable(signInAnswer);
    expect(signInAnswer.json()).toEqual(UNAVAILABLE);

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset',
      payload: { email: user.email },
    });
    await expectUnavailable(reset);
    expect(reset.json()).toEqual(UNAVAILABLE);

    const current = await app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await expectUnavailable(current);
    expect(current.json()).toEqual(UNAVAILABLE);

    const action = await app.inject({
      method: 'POST',
      url: '/api/actions/ping',
      headers: { 'x-actions-secret': TEST_ACTIONS_SECRET },
      payload: { action: { name: 'ping' }, input: {}, session_variables: { 'x-hasura-role': 'user' } },
    });
    await expectUnavailable(action);
    expect(action.json()).toEqual({
      message: UNAVAILABLE.message,
      extensions: { code: 'service_unavailable' },
    });

    await db.up();
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    const again = await app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(again.statusCode).toBe(200);
  });

  it('answers 503 within the connect timeout instead of hanging when the database does not answer', async () => {
    const user = await createUser(owner);
    await db.hang();
    try {
      const started = Date.now();
      const answer = await login(user.email, user.password);
      await expectUnavailable(answer);
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await db.up();
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('survives connections dropped while idle in the pool or inside a transaction', async () => {
    const user = await createUser(owner);
    // Fill the pool with idle connections, then cut them all.
    await Promise.all([1, 2, 3, 4].map(() => app.inject({ method: 'GET', url: '/api/health' })));
    await db.up();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The pool replaces the dead clients: the very next requests work.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    // A connection lost between two statements of a transaction.
    const failed = await app.db
      .transaction(async (tx) => {
        await tx.one(sql`select 1 as one`);
        await db.up();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.one(sql`select 2 as two`);
      })
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
