import { buildApp } from '@portal/actions/app';
import { loadConfig } from '@portal/actions/config';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import type { TestAction } from './test-actions.ts';

export const TEST_JWT_KEY = 'test-signing-key-of-at-least-32-characters!';
export const TEST_ACTIONS_SECRET = 'test-actions-secret-0123456789';

/** The environment a test app starts from; tests override single variables. */
export function testEnv(databaseUrl: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: '4',
    HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'HS256', key: TEST_JWT_KEY }),
    ACTIONS_SECRET: TEST_ACTIONS_SECRET,
    APP_ORIGIN: 'http://portal.test:3000',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    VERIFY_RATE_LIMIT_PER_MINUTE: '10000',
    // A test that needs the scheduler turns it on; the others do not start graphile-worker.
    SCHEDULER_ENABLED: 'false',
    ...overrides,
  };
}

export interface TestContext {
  app: FastifyInstance;
  /** A separate pool on the test database, for arranging and checking rows. */
  sql: pg.Pool;
  database: TestDatabase;
  close(): Promise<void>;
}

/** A fresh migrated database (one per test file) and an app built on it. */
export async function createTestContext(
  overrides: Record<string, string> = {},
  options: { actions?: readonly TestAction[] } = {},
): Promise<TestContext> {
  const database = await createTestDatabase('migrated');
  const app = await buildApp(loadConfig(testEnv(database.url, overrides)), {
    extraActions: options.actions?.map((action) => action.handler),
  });
  await app.ready();
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // Closing drops the database WITH (FORCE): a connection still closing then gets the server's
  // FATAL, which pg reports as the pool's 'error' (unhandled without a listener; it failed CI runs).
  sql.on('error', () => {});
  return {
    app,
    sql,
    database,
    async close() {
      await app.close();
      await sql.end();
      await database.drop();
    },
  };
}

/** The value of a cookie set by a response. */
export function cookieOf(response: LightMyRequestResponse, name: string) {
  return response.cookies.find((cookie) => cookie.name === name) as
    | {
        name: string;
        value: string;
        path?: string;
        maxAge?: number;
        httpOnly?: boolean;
        sameSite?: string;
        secure?: boolean;
      }
    | undefined;
}

/** Signs in and returns the access token and the cookies a browser would keep. */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return {
    response,
    accessToken: response.json().accessToken as string,
    refresh: cookieOf(response, 'portal_refresh')!.value,
    csrf: cookieOf(response, 'portal_csrf')!.value,
  };
}

/** POST /api/auth/refresh as the browser sends it. */
export function refresh(app: FastifyInstance, tokens: { refresh: string; csrf: string }) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    cookies: { portal_refresh: tokens.refresh, portal_csrf: tokens.csrf },
    headers: { 'x-csrf-token': tokens.csrf },
  });
}
