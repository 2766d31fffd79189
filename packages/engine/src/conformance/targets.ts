import { createHmac } from 'node:crypto';
import type { TestDatabase } from '@portal/devdb/testing';
import { SignJWT } from 'jose';
import pg from 'pg';
import { createEngine, type Engine } from '../engine/create.ts';
import { BLOG_DIR } from '../testing/blog.ts';
import { ADMIN_SECRET, type Case, configEnv, JWT_KEY, type TargetConfig } from './cases.ts';

/** Something that answers GraphQL over HTTP like Hasura: the engine, or a real Hasura container. */
export interface Target {
  name: string;
  /** POSTs JSON to a path of the server (`/v1/graphql` unless told), or sends another method without a body. */
  post(
    body: unknown,
    headers: Record<string, string>,
    path?: string,
    method?: string,
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
    post: async (body, headers, path = '/v1/graphql', method = 'POST') =>
      send(`http://127.0.0.1:${port}${path}`, method, body, headers),
    takeStatements: () => statements.splice(0),
    close: () => engine.close(),
  };
}

/** One request of a case to a server (the engine or real Hasura): a body for POST, none otherwise. */
export async function send(
  url: string,
  method: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method,
    headers: method === 'POST' ? { 'content-type': 'application/json', ...headers } : headers,
    // A string is sent as it is (a body that is not JSON); anything else as JSON.
    body: method !== 'POST' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** The token a case's `jwt` describes: its claims (or raw payload text) signed with HMAC. */
export async function caseToken(jwt: NonNullable<Case['jwt']>): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const alg = jwt.alg ?? 'HS256';
  const key = jwt.key ?? JWT_KEY;
  if (jwt.payload !== undefined) {
    const input = `${Buffer.from(JSON.stringify({ alg })).toString('base64url')}.${Buffer.from(jwt.payload).toString('base64url')}`;
    const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
    return `${input}.${createHmac(hash, key).update(input).digest('base64url')}`;
  }
  const token = new SignJWT(jwt.claims ?? {})
    .setProtectedHeader({ alg })
    .setIssuedAt(jwt.issued_at_in === undefined ? undefined : now + jwt.issued_at_in);
  if (jwt.expires_in !== undefined) token.setExpirationTime(now + jwt.expires_in);
  if (jwt.not_before_in !== undefined) token.setNotBefore(now + jwt.not_before_in);
  return token.sign(new TextEncoder().encode(key));
}

/** Headers of a case: admin secret by default, or a signed JWT. */
export async function caseHeaders(c: Case): Promise<Record<string, string>> {
  const headers: Record<string, string> = { ...c.headers };
  if (c.jwt) {
    headers.authorization = `Bearer ${await caseToken(c.jwt)}`;
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
