import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildApp } from '@portal/actions/app';
import { loadConfig } from '@portal/actions/config';
import { createTestDatabase, type TestDatabase, timedSetup } from '@portal/devdb/testing';
import { createEngine, type Engine } from '@portal/engine';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { startTestS3 } from './s3.ts';
import { projectWithTestActions, type TestAction } from './test-actions.ts';
import { TEST_ACTIONS_SECRET, TEST_JWT_KEY, testEnv } from './test-app.ts';

const HASURA_DIR = path.resolve(import.meta.dirname, '../../../hasura');
export const TEST_ADMIN_SECRET = 'test-admin-secret';
/** The password of every seeded demo account. */
export const DEMO_PASSWORD = 'Demo-pass-1';

/**
 * Who a GraphQL request runs as: a signed-in e-mail (optionally with its password, as a user of the
 * factories has it, and an `x-hasura-role`), or the admin secret.
 */
export type Caller = 'admin' | string | { email: string; password?: string; role?: string };

export interface GraphQLResult<T = Record<string, unknown>> {
  data?: T;
  errors?: Array<{ message: string; extensions?: { code?: string; path?: string; [k: string]: unknown } }>;
}

export interface TestStack extends StackServices {
  database: TestDatabase;
  /** The throwaway s3rver the actions service stores files in, with `{s3: true}`. */
  s3: Awaited<ReturnType<typeof startTestS3>> | null;
  /** A pool on the same database, for arranging and checking rows as the owner. */
  sql: pg.Pool;
  /** Signs the account in through `/api/auth/login` (once per e-mail) and returns its access token. */
  tokenFor(email: string, password?: string): Promise<string>;
  /** The id of the user with this e-mail. */
  userId(email: string): Promise<number>;
  /**
   * Another engine and actions service on the same database, storage and settings: a second
   * replica of each, as `STACK_REPLICAS=2` runs them (closed with the stack).
   */
  replica(): Promise<StackServices>;
  close(): Promise<void>;
}

/**
 * Engine + actions service + a fresh database cloned from a template, all real, on free ports:
 * the stack that permission, action and consistency tests run against. One per test file.
 */
export function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  return timedSetup('stack', () => openTestStack(options));
}

export interface TestStackOptions {
  template?: 'migrated' | 'seeded';
  env?: Record<string, string>;
  s3?: boolean;
  /** Test-only actions (e.g. `pingAction`): answered by the service and declared to the engine. */
  actions?: readonly TestAction[];
  /** The engine's live-query interval (default 200 ms, quick for tests) and pool size (default 4); benchmarks pass production values. */
  engine?: { refetchIntervalMs?: number; poolSize?: number };
  /** A database made by the caller (outside vitest, e.g. a benchmark), instead of a clone of a template. */
  database?: TestDatabase;
}

/** One engine and one actions service on a database: a stack's own, or another replica of them. */
export interface StackServices {
  engine: Engine;
  app: FastifyInstance;
  graphqlUrl: string;
  actionsUrl: string;
  /** Posts a GraphQL request to this engine over HTTP as the caller. */
  gql<T = Record<string, unknown>>(
    caller: Caller,
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<GraphQLResult<T>>;
  close(): Promise<void>;
}

async function startServices(
  databaseUrl: string,
  env: Record<string, string>,
  options: TestStackOptions,
  tokenFor: (email: string, password?: string) => Promise<string>,
): Promise<StackServices> {
  const app = await buildApp(loadConfig(testEnv(databaseUrl, env)), {
    extraActions: options.actions?.map((action) => action.handler),
  });
  const project = options.actions?.length ? projectWithTestActions(options.actions) : null;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const actionsUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api`;
  const engine = await createEngine({
    projectDir: project?.dir ?? HASURA_DIR,
    databaseUrl,
    adminSecret: TEST_ADMIN_SECRET,
    jwtSecret: { type: 'HS256', key: TEST_JWT_KEY },
    env: { ...process.env, ACTIONS_BASE_URL: actionsUrl, ACTIONS_SECRET: TEST_ACTIONS_SECRET },
    poolSize: options.engine?.poolSize ?? 4,
    refetchIntervalMs: options.engine?.refetchIntervalMs ?? 200,
  });
  const port = await engine.listen(0, '127.0.0.1');
  const graphqlUrl = `http://127.0.0.1:${port}/v1/graphql`;
  return {
    engine,
    app,
    graphqlUrl,
    actionsUrl,
    async gql(caller, query, variables) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (caller === 'admin') headers['x-hasura-admin-secret'] = TEST_ADMIN_SECRET;
      else {
        const who = typeof caller === 'string' ? { email: caller } : caller;
        headers.authorization = `Bearer ${await tokenFor(who.email, who.password)}`;
        if (who.role) headers['x-hasura-role'] = who.role;
      }
      const response = await fetch(graphqlUrl, {
        method: 'POST',
        headers,
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as GraphQLResult<never>;
    },
    async close() {
      await engine.close();
      // The tests are over: a connection still open is cut rather than waited for. A client that
      // gave up on a request half-sent leaves a connection Node counts as busy, and a graceful
      // close waited for the server's headers time-out (70 s per file; docs/testing.md).
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      project?.remove();
    },
  };
}

async function openTestStack(options: TestStackOptions): Promise<TestStack> {
  const [database, s3] = await Promise.all([
    options.database ?? createTestDatabase(options.template ?? 'seeded'),
    options.s3 ? startTestS3() : null,
  ]);
  const env = { ...s3?.env, ...options.env };
  const tokens = new Map<string, Promise<string>>();
  const tokenFor = (email: string, password = DEMO_PASSWORD) => {
    let token = tokens.get(email);
    if (!token) {
      token = services.app
        .inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } })
        .then((response) => {
          if (response.statusCode !== 200) {
            throw new Error(`sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
          }
          return response.json().accessToken as string;
        });
      tokens.set(email, token);
      token.catch(() => tokens.delete(email));
    }
    return token;
  };
  const services = await startServices(database.url, env, options, tokenFor);
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  // Closing drops the database WITH (FORCE): a connection still closing then gets the server's
  // FATAL, which pg reports as the pool's 'error' (unhandled without a listener; it failed CI runs).
  sql.on('error', () => {});
  const replicas: StackServices[] = [];

  return {
    ...services,
    database,
    s3,
    sql,
    tokenFor,
    async userId(email) {
      const { rows } = await sql.query<{ id: number }>('select id from users where email = $1', [email]);
      if (!rows[0]) throw new Error(`no user ${email}`);
      return rows[0].id;
    },
    async replica() {
      const replica = await startServices(database.url, env, options, tokenFor);
      replicas.push(replica);
      return replica;
    },
    async close() {
      for (const replica of replicas) await replica.close();
      await services.close();
      await sql.end();
      await database.drop();
      await s3?.stop();
    },
  };
}
