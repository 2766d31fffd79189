import type { TestDatabase } from '@portal/devdb/testing';
import { SignJWT } from 'jose';
import pg from 'pg';
import { createEngine, type Engine } from '../engine/create.ts';
import { BLOG_DIR } from '../testing/blog.ts';
import { ADMIN_SECRET, type Case, configEnv, JWT_KEY, type TargetConfig } from './cases.ts';

/** Something that answers GraphQL over HTTP like Hasura: the engine, or a real Hasura container. */
export interface Target {
  name: string;
  /** POSTs JSON to a path of the server (`/v1/graphql` unless told). */
  post(
    body: unknown,
    headers: Record<string, string>,
    path?: string,
  ): Promise<{ status: number; json: unknown }>;
  /** Statements (with bound values) run since the last call; only the engine can tell. */
  takeStatements?(): string[];
  close(): Promise<void>;
}

/** An engine for the fixture project, served over real HTTP. */
export async function engineTarget(
  db: TestDatabase,
  config: TargetConfig,
  projectDir = BLOG_DIR,
): Promise<Target> {
  const env = configEnv(config);
  const engine: Engine = await createEngine({
    projectDir,
    // Another fixture is there to show inconsistent metadata: Hasura starts with it, so does the engine.
    allowInconsistentMetadata: projectDir !== BLOG_DIR,
    databaseUrl: db.url,
    adminSecret: env.HASURA_GRAPHQL_ADMIN_SECRET,
    jwtSecret: env.HASURA_GRAPHQL_JWT_SECRET,
    unauthorizedRole: env.HASURA_GRAPHQL_UNAUTHORIZED_ROLE,
    poolSize: 4,
  });
  const statements: string[] = [];
  engine.core.executor.onStatement = (text, values, params) => {
    // Runtime values (rows a write returned) carry timestamps: name them instead of printing them.
    const show = (v: unknown, i: number) =>
      params[i]?.kind === 'runtime' ? `<${params[i].name}>` : v === null ? 'NULL' : JSON.stringify(v);
    const bound = values.map((v, i) => `-- $${i + 1} = ${show(v, i)}`).join('\n');
    statements.push(bound ? `${bound}\n${text};` : `${text};`);
  };
  const port = await engine.listen(0, '127.0.0.1');
  return {
    name: `engine(${config})`,
    post: async (body, headers, path = '/v1/graphql') => {
      const res = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: await res.json() };
    },
    takeStatements: () => statements.splice(0),
    close: () => engine.close(),
  };
}

/** Headers of a case: admin secret by default, or a signed JWT. */
export async function caseHeaders(c: Case): Promise<Record<string, string>> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.jwt) {
    const jwt = new SignJWT(c.jwt.claims as Record<string, unknown>)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt();
    if (c.jwt.expires_in !== undefined)
      jwt.setExpirationTime(Math.floor(Date.now() / 1000) + c.jwt.expires_in);
    headers.authorization = `Bearer ${await jwt.sign(new TextEncoder().encode(JWT_KEY))}`;
  } else if (!c.anonymous && !('x-hasura-admin-secret' in headers))
    headers['x-hasura-admin-secret'] = ADMIN_SECRET;
  return headers;
}

/** Runs a case's `after` query directly against the database. */
export async function queryRows(url: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}
