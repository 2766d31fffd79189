import net from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import { type GraphQLObjectType, getIntrospectionQuery, getNamedType, isObjectType } from 'graphql';
import { SignJWT } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { DEFAULT_LIMITS } from '../engine/api-limits.ts';
import { createEngine, type Engine } from '../engine/create.ts';

/**
 * The engine under attack, on the portal's own project: a signed-in user with no practice (anyone
 * can register) tries to exhaust it, and the database goes away under it. Every answer must come
 * quickly and clearly, and other clients must keep being served.
 */

const MAX_ACTIVE_OPERATIONS = DEFAULT_LIMITS.maxSocketOperations;
const PORTAL = path.resolve(import.meta.dirname, '../../../../hasura');
const KEY = 'hardening-test-key-hardening-test-key';

/** A TCP relay in front of PostgreSQL that the test can cut and restore, as a dying database would. */
class Relay {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  constructor(
    private readonly host: string,
    private readonly target: number,
  ) {}

  async up(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target, this.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  async down(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }
}

let db: TestDatabase;
let relay: Relay;
let engine: Engine;
let base: string;
let userToken: string;
/** A second registered user with no practice, who must keep being served while the first one pushes. */
let otherToken: string;

/** An access token of role user for `userId`, as actions signs them. */
function tokenFor(userId: string): Promise<string> {
  return new SignJWT({
    'https://hasura.io/jwt/claims': {
      'x-hasura-allowed-roles': ['user'],
      'x-hasura-default-role': 'user',
      'x-hasura-user-id': userId,
    },
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + 600)
    .sign(new TextEncoder().encode(KEY));
}

beforeAll(async () => {
  db = await createTestDatabase('migrated');
  const url = new URL(db.url);
  relay = new Relay(url.hostname, Number(url.port));
  await relay.up();
  url.hostname = '127.0.0.1';
  url.port = String(relay.port);
  engine = await createEngine({
    projectDir: PORTAL,
    databaseUrl: url.toString(),
    adminSecret: 's3cret',
    jwtSecret: { type: 'HS256', key: KEY },
    corsDomain: 'http://localhost:3000',
    limits: { timeSeconds: 1 },
    poolSize: 6,
  });
  base = `http://127.0.0.1:${await engine.listen(0)}`;
  userToken = await tokenFor('987654');
  otherToken = await tokenFor('987655');
});
afterAll(async () => {
  await engine?.close();
  await relay?.down();
  await db?.drop();
});

interface Answer {
  status: number;
  ms: number;
  headers: Headers;
  json: { data?: Record<string, unknown>; errors?: Array<{ message: string; extensions: { code: string } }> };
}

async function post(
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${userToken}` },
) {
  const started = performance.now();
  const res = await fetch(`${base}/v1/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    // A string is sent as it is (JSON too deep for this process's JSON.stringify).
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await res.json()) as Answer['json'];
  return { status: res.status, ms: performance.now() - started, headers: res.headers, json } satisfies Answer;
}

const asAdmin = { 'x-hasura-admin-secret': 's3cret' };
const simple = { query: '{ __typename }' };

/** `{ __schema { types { fields { type { fields { type { ... } } } } } } }`, `levels` deep. */
function deepIntrospection(levels: number): string {
  let inner = 'name';
  for (let i = 0; i < levels; i += 1) inner = i % 2 ? `fields { ${inner} }` : `type { ${inner} }`;
  return `{ __schema { types { ${inner} } } }`;
}

/** A relationship path of the user's schema that comes back to where it started (A.b -> B.a -> A). */
function relationshipCycle(): [string, string, string] {
  const schema = engine.core.schemaFor('user').schema;
  const query = schema.getQueryType()!;
  for (const root of Object.values(query.getFields())) {
    const a = getNamedType(root.type);
    if (!isObjectType(a)) continue;
    for (const there of Object.values(a.getFields())) {
      const b = getNamedType(there.type);
      if (!isObjectType(b) || b === a) continue;
      const back = Object.values((b as GraphQLObjectType).getFields()).find(
        (f) => getNamedType(f.type) === a,
      );
      if (back && there.args.length === back.args.length) return [root.name, there.name, back.name];
    }
  }
  throw new Error('the user schema has no relationship cycle');
}

/** `{ a { b { a { b ... } } } }` over a relationship cycle, `levels` below the root field. */
function relationshipQuery(levels: number): string {
  const [root, there, back] = relationshipCycle();
  let inner = '__typename';
  for (let i = 0; i < levels - 1; i += 1) inner = `${(levels - 1 - i) % 2 ? there : back} { ${inner} }`;
  return `{ ${root}(limit: 1) { ${inner} } }`;
}

/** Two tables role user can select (by their root field), the first not `users`. */
function twoTables(): [Table, Table] {
  const schema = engine.core.schemaFor('user').schema;
  const rootFields = Object.keys(schema.getQueryType()!.getFields());
  const table = engine.core.model.tables.find(
    (t) => rootFields.includes(t.rootFields.select.name) && t.name !== 'users',
  )!;
  const other = engine.core.model.tables.find(
    (t) => t !== table && rootFields.includes(t.rootFields.select.name),
  )!;
  return [table, other];
}

type Table = Engine['core']['model']['tables'][number];

describe('requests that would exhaust the engine are refused quickly, while others are served', () => {
  it('refuses a 25-level introspection query within a second or two, and a second client is served meanwhile', async () => {
    const [deep, other] = await Promise.all([
      post({ query: deepIntrospection(25) }),
      new Promise<Answer>((resolve) => setTimeout(() => resolve(post(simple)), 20)),
    ]);
    expect(deep.json.errors?.[0]).toMatchObject({
      message: 'the introspection query nests fields, interfaces, possibleTypes or inputFields too deeply',
      extensions: { code: 'validation-failed' },
    });
    expect(deep.ms).toBeLessThan(2000);
    expect(other.json).toEqual({ data: { __typename: 'query_root' } });
    expect(other.ms).toBeLessThan(2000);
  });

  it('refuses introspection that nests fields within the depth limit but multiplies them', async () => {
    const nested = await post({
      query: '{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }',
    });
    expect(nested.json.errors?.[0]?.message).toBe(
      'the introspection query nests fields, interfaces, possibleTypes or inputFields too deeply',
    );
    const aliases = Array.from(
      { length: 60 },
      (_, i) => `s${i}: __schema { types { fields { type { fields { name type { name } } } } } }`,
    ).join(' ');
    const wide = await post({ query: `{ ${aliases} }` });
    expect(wide.json.errors?.[0]).toMatchObject({ extensions: { code: 'validation-failed' } });
    expect(wide.json.errors?.[0]?.message).toMatch(
      /^the introspection answer exceeds the limit of \d+ values/,
    );
    // Refused early: well under what computing the answer would take (minutes), with room for a
    // busy machine (2.06 s beside the other tests on a slow day).
    expect(wide.ms).toBeLessThan(5000);
  });

  it('still answers the full GraphiQL introspection query for a user and for admin', async () => {
    const user = await post({ query: getIntrospectionQuery({ descriptions: true }) });
    expect(user.json.errors).toBeUndefined();
    expect((user.json.data!.__schema as { types: unknown[] }).types.length).toBeGreaterThan(50);
    const admin = await post({ query: getIntrospectionQuery({ descriptions: true }) }, asAdmin);
    expect(admin.json.errors).toBeUndefined();
  });

  it('refuses a relationship query 50 levels deep', async () => {
    const answer = await post({ query: relationshipQuery(50) });
    expect(answer.json.errors?.[0]?.message).toBe(
      `the query exceeds the maximum depth of ${DEFAULT_LIMITS.maxDepth}`,
    );
    expect(answer.ms).toBeLessThan(2000);
  });

  it('refuses a batch of 1,000 operations as a whole', async () => {
    const answer = await post(Array.from({ length: 1000 }, () => simple));
    expect(answer.json).toEqual({
      errors: [
        {
          message: `a batch may have at most ${DEFAULT_LIMITS.maxBatch} operations; this one has 1000`,
          extensions: { path: '$', code: 'validation-failed' },
        },
      ],
    });
    const fine = await post(Array.from({ length: DEFAULT_LIMITS.maxBatch }, () => simple));
    expect(fine.json).toHaveLength(DEFAULT_LIMITS.maxBatch);
  });

  it('refuses 1,000 aliases, and counts nodes through fragments without expanding them', async () => {
    const aliases = await post({
      query: `{ ${Array.from({ length: 1000 }, (_, i) => `a${i}: __typename`).join(' ')} }`,
    });
    expect(aliases.json.errors?.[0]?.message).toBe(
      `the query exceeds the maximum number of aliases (${DEFAULT_LIMITS.maxAliases})`,
    );
    // 2^40 fields once expanded: counted per fragment, refused at once.
    const fragments = Array.from(
      { length: 40 },
      (_, i) => `fragment f${i} on query_root { ...f${i + 1} ...f${i + 1} }`,
    );
    fragments.push('fragment f40 on query_root { __typename }');
    const bomb = await post({ query: `{ ...f0 } ${fragments.join(' ')}` });
    expect(bomb.json.errors?.[0]?.message).toBe(
      `the query exceeds the maximum number of nodes (${DEFAULT_LIMITS.maxNodes})`,
    );
    expect(bomb.ms).toBeLessThan(2000);
  });

  it('answers a fragment cycle with a validation error, not an internal error', async () => {
    const answer = await post({
      query: '{ ...a } fragment a on query_root { ...b } fragment b on query_root { __typename ...a }',
    });
    expect(answer.json).toEqual({
      errors: [
        {
          message: 'the fragment definition(s) "a" and "b" form a cycle',
          extensions: { path: '$', code: 'validation-failed' },
        },
      ],
    });
    const unused = await post({
      query: '{ __typename } fragment c on query_root { ...c }',
    });
    expect(unused.json.errors?.[0]?.message).toBe('the fragment definition(s) "c" form a cycle');
  });

  it('refuses a document of more tokens than any real query has', async () => {
    const answer = await post({ query: `{ ${'__typename '.repeat(30_000)} }` });
    expect(answer.json.errors?.[0]?.message).toBe('the query has more than 20000 tokens');
  });

  it('keeps admin free of the limits, as Hasura does', async () => {
    const deeper = relationshipQuery(DEFAULT_LIMITS.maxDepth + 1);
    expect((await post({ query: deeper })).json.errors?.[0]?.message).toMatch(/maximum depth/);
    expect((await post({ query: deeper }, asAdmin)).json).toHaveProperty('data');
  });

  it('refuses input nested 5,000 levels deep at parse, in the query and in the variables, with a clear error', async () => {
    const list = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const inQuery = await post({ query: `{ indicator_responses(where: {id: {_in: ${list}}}) { id } }` });
    expect(inQuery.json).toEqual({
      errors: [
        {
          message: 'the query nests more than 64 levels deep',
          extensions: { path: '$.query', code: 'validation-failed' },
        },
      ],
    });
    const where = `${'{"_and":['.repeat(5000)}{"id":{"_eq":1}}${']}'.repeat(5000)}`;
    const inVariables = await post(
      `{"query":"query ($w: indicator_responses_bool_exp) { indicator_responses(where: $w) { id } }","variables":{"w":${where}}}`,
    );
    expect(inVariables.json).toEqual({
      errors: [
        {
          message: 'the variables nest more than 64 levels deep',
          extensions: { path: '$.variables', code: 'validation-failed' },
        },
      ],
    });
    // As deep as a real filter gets: answered.
    let fine: Record<string, unknown> = { id: { _eq: 1 } };
    for (let i = 0; i < 20; i += 1) fine = { _and: [fine] };
    const answered = await post({
      query: 'query ($w: indicator_responses_bool_exp) { indicator_responses(where: $w) { id } }',
      variables: { w: fine },
    });
    expect(answered.json).toEqual({ data: { indicator_responses: [] } });
  });

  it('refuses an unknown variable type, used or not, as Hasura does', async () => {
    const unused = await post({ query: 'query ($x: NoSuchType) { __typename }' });
    expect(unused.json).toEqual({
      errors: [
        {
          message: "no such type exists in the schema: 'NoSuchType'",
          extensions: { path: '$.variableValues', code: 'validation-failed' },
        },
      ],
    });
    const given = await post({ query: 'query ($x: NoSuchType) { __typename }', variables: { x: 1 } });
    expect(given.json.errors?.[0]?.message).toBe('unexpected variables in variableValues: x');
    const used = await post({
      query: 'query ($x: NoSuchType) { indicator_responses(limit: $x) { id } }',
      variables: { x: 1 },
    });
    expect(used.json.errors?.[0]?.message).toBe(
      "variable 'x' is declared as 'NoSuchType', but used where 'Int' is expected",
    );
    const directive = await post({
      query: 'query ($x: NoSuchType) { indicator_responses { id @include(if: $x) } }',
      variables: { x: true },
    });
    expect(directive.json.errors?.[0]?.message).toBe(
      "variable 'x' is declared as 'NoSuchType', but used where 'Boolean!' is expected",
    );
  });
});

describe('one user cannot slow everyone', () => {
  /** The probe's request: 60 aliases of a 600-row list with two relationships under each row. */
  const probe = (limit: number | string, aliases = 60) =>
    `{ ${Array.from(
      { length: aliases },
      (_, i) =>
        `r${i}: indicator_responses(limit: ${limit}) { id indicator { id code } assessment { id status } }`,
    ).join(' ')} }`;

  it('refuses a request that may return more rows than its budget before any SQL is sent, and admin is exempt', async () => {
    let sent = 0;
    const hook = engine.core.executor.onStatement;
    engine.core.executor.onStatement = () => {
      sent += 1;
    };
    try {
      const answer = await post({ query: probe(600) });
      expect(answer.json).toEqual({
        errors: [
          {
            message:
              `the query may return up to 108000 rows, more than the ${DEFAULT_LIMITS.maxCost} a request may ask for ` +
              `(each list's limit times the lists it is nested in; a list without a limit counts ${DEFAULT_LIMITS.costListRows}): ` +
              'ask for fewer rows or fewer nested lists at once',
            extensions: { path: '$', code: 'validation-failed' },
          },
        ],
      });
      // The limit in a variable is counted for each request, the plan cached or not.
      const byVariable = 'query ($n: Int!) { indicator_responses(limit: $n) { id comments { id } } }';
      expect((await post({ query: byVariable, variables: { n: 100 } })).json).toEqual({
        data: { indicator_responses: [] },
      });
      expect((await post({ query: byVariable, variables: { n: 10_000 } })).json.errors?.[0]?.message).toMatch(
        new RegExp(`^the query may return up to ${10_000 * (1 + DEFAULT_LIMITS.costListRows)} rows`),
      );
      expect(sent).toBe(1);
      expect((await post({ query: probe(600) }, asAdmin)).json).toHaveProperty('data');
    } finally {
      engine.core.executor.onStatement = hook;
    }
  });

  it('keeps the event loop free for a second user while the first sends a hundred new requests to plan at once', async () => {
    // New texts every time: nothing comes from the plan cache, each request is planned anew. The
    // engine answers introspection while planning, so these cost the engine's own time only, none
    // of the database's (which would slow everything on this machine, the second user's request too).
    let n = 0;
    const fresh = () => {
      n += 1;
      return `{ q${n}: __schema { types { name fields { name } } } }`;
    };
    const asUser = { authorization: `Bearer ${userToken}` };
    let planMs = Number.POSITIVE_INFINITY;
    for (let i = 0; i < 3; i += 1) {
      const started = performance.now();
      await engine.compile({ query: fresh() }, asUser);
      planMs = Math.min(planMs, performance.now() - started);
    }
    const simple = { query: '{ __typename }' };
    const asOther = { authorization: `Bearer ${otherToken}` };
    await post(simple, asOther);
    // One WebSocket runs up to a hundred operations at once (the gateway's share counts HTTP
    // requests): the first user sends a hundred, and the second user's request comes right after.
    // A user of its own: what is left of the flood when the test ends is planned in that user's
    // line, not in the line of the other tests' user.
    const flooder = { authorization: `Bearer ${await tokenFor('987656')}` };
    const ws = new WebSocket(`${base.replace('http', 'ws')}/v1/graphql`, 'graphql-transport-ws');
    const done = new Set<string>();
    ws.on('message', (data) => {
      const message = JSON.parse(data.toString()) as { type: string; id?: string };
      if (message.type === 'complete' || message.type === 'error') done.add(message.id!);
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const acked = new Promise((resolve) => ws.once('message', resolve));
    ws.send(JSON.stringify({ type: 'connection_init', payload: { headers: flooder } }));
    await acked;
    try {
      const count = Math.min(MAX_ACTIVE_OPERATIONS, Math.ceil(2000 / planMs));
      for (let i = 0; i < count; i += 1)
        ws.send(JSON.stringify({ type: 'subscribe', id: String(i), payload: { query: fresh() } }));
      const started = performance.now();
      const served = await post(simple, asOther);
      const waited = performance.now() - started;
      expect(served.json).toEqual({ data: { __typename: 'query_root' } });
      // The share's burst (100 ms), a plan or two and reading the hundred messages, not the two
      // seconds of planning them all.
      expect(waited, `${count} requests of ${Math.round(planMs)} ms of planning each`).toBeLessThan(
        Math.max(500, 100 + 4 * planMs),
      );
      // The first user is served too, at their share's pace.
      await expect.poll(() => done.size, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    } finally {
      ws.close();
    }
  });

  it('serves a second user and /healthz at once while the first one fills their share of the database', async () => {
    const [table, other] = twoTables();
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    const waiting = new pg.Client({ connectionString: db.url });
    await waiting.connect();
    let heavy: Promise<unknown> = Promise.resolve();
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE "${table.schema}"."${table.name}" IN ACCESS EXCLUSIVE MODE`);
      // Eight requests of ten statements each, every one of them stuck behind the lock.
      const aliases = Array.from(
        { length: 10 },
        (_, i) => `a${i}: ${table.rootFields.select.name}(limit: 1) { __typename }`,
      ).join(' ');
      heavy = Promise.all(Array.from({ length: 8 }, () => post({ query: `{ ${aliases} }` })));
      await expect
        .poll(
          async () =>
            (
              await waiting.query<{ n: number }>(
                "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()",
              )
            ).rows[0]!.n,
          { timeout: 8000 },
        )
        .toBeGreaterThanOrEqual(2);
      const [served, health] = await Promise.all([
        post(
          { query: `{ ${other.rootFields.select.name}(limit: 1) { __typename } }` },
          { authorization: `Bearer ${otherToken}` },
        ),
        (async () => {
          const started = performance.now();
          const res = await fetch(`${base}/healthz`);
          return { status: res.status, ms: performance.now() - started };
        })(),
      ]);
      expect(served.json.errors).toBeUndefined();
      expect(served.ms).toBeLessThan(1000);
      expect(health.status).toBe(200);
      expect(health.ms).toBeLessThan(1000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
      await waiting.end();
      await heavy;
    }
  });
});

describe('introspection answers follow their variables', () => {
  it('answers __type(name: $n) for each value of $n, not the first one cached', async () => {
    const query = 'query ($n: String!) { __type(name: $n) { name } }';
    const first = await post({ query, variables: { n: 'query_root' } });
    const second = await post({ query, variables: { n: 'mutation_root' } });
    expect(first.json).toEqual({ data: { __type: { name: 'query_root' } } });
    expect(second.json).toEqual({ data: { __type: { name: 'mutation_root' } } });
  });
});

describe('time limit', () => {
  it('cancels a statement past the time limit with a clear error while other tables are served', async () => {
    const [table, other] = twoTables();
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE "${table.schema}"."${table.name}" IN ACCESS EXCLUSIVE MODE`);
      const [blocked, served] = await Promise.all([
        post({ query: `{ ${table.rootFields.select.name}(limit: 1) { __typename } }` }),
        post({ query: `{ ${other.rootFields.select.name}(limit: 1) { __typename } }` }),
      ]);
      expect(blocked.json.errors?.[0]).toMatchObject({
        message: 'the operation took longer than its time limit and was cancelled',
        extensions: { code: 'time-limit-exceeded' },
      });
      expect(blocked.ms).toBeLessThan(3000);
      expect(served.json.errors).toBeUndefined();
      expect(served.ms).toBeLessThan(1000);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});

describe('CORS', () => {
  it('allows the configured origin only', async () => {
    const preflight = async (origin: string) =>
      (await fetch(`${base}/v1/graphql`, { method: 'OPTIONS', headers: { origin } })).headers;
    expect((await preflight('http://localhost:3000')).get('access-control-allow-origin')).toBe(
      'http://localhost:3000',
    );
    const evil = await preflight('https://evil.example');
    expect(evil.get('access-control-allow-origin')).toBeNull();
    expect(evil.get('access-control-allow-credentials')).toBeNull();
  });
});

describe('the database goes away and comes back', () => {
  it('answers 503 with a clear message while it is unreachable, then serves again', async () => {
    const write = {
      query:
        'mutation ($e: citext!) { insert_users_one(object: { email: $e, first_name: "A", last_name: "B" }) { id } }',
    };
    const read = { query: '{ users_aggregate { aggregate { count } } }' };
    expect((await post(read, asAdmin)).json.errors).toBeUndefined();
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    await relay.down();
    try {
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(503);
      expect(await health.text()).toBe('ERROR: the database is not reachable');
      for (const body of [read, { ...write, variables: { e: 'down@example.test' } }]) {
        const answer = await post(body, asAdmin);
        expect(answer.status).toBe(503);
        expect(answer.headers.get('retry-after')).toBe('5');
        expect(answer.json.errors?.[0]).toMatchObject({
          message: 'connection error: the database is not reachable; try again in a moment',
          extensions: { code: 'postgres-error' },
        });
        expect(answer.ms).toBeLessThan(5000);
      }
    } finally {
      await relay.up();
    }
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const back = await post(read, asAdmin);
    expect(back.status).toBe(200);
    expect(back.json.errors).toBeUndefined();
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    const { rows } = await client.query(
      "SELECT count(*)::int AS n FROM users WHERE email = 'down@example.test'",
    );
    await client.end();
    expect(rows[0].n).toBe(0);
  });
});

describe('WebSocket', () => {
  const open = async () => {
    const ws = new WebSocket(`${base.replace('http', 'ws')}/v1/graphql`, 'graphql-transport-ws');
    const messages: Array<{ type: string; id?: string; payload?: unknown }> = [];
    ws.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => ws.once('open', resolve));
    ws.send(
      JSON.stringify({
        type: 'connection_init',
        payload: { headers: { authorization: `Bearer ${userToken}` } },
      }),
    );
    await vi.waitFor(() => expect(messages.some((m) => m.type === 'connection_ack')).toBe(true));
    return { ws, messages };
  };

  it('closes a connection that sends a message over the size limit', async () => {
    const { ws } = await open();
    const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
    ws.send(
      JSON.stringify({
        type: 'subscribe',
        id: '1',
        payload: { query: `{ __typename }${' '.repeat(2 * 1024 * 1024)}` },
      }),
    );
    expect(await closed).toBe(1009);
  });

  it('refuses more operations at once than a connection may run', async () => {
    const { ws, messages } = await open();
    for (let i = 0; i <= MAX_ACTIVE_OPERATIONS; i += 1)
      ws.send(
        JSON.stringify({
          type: 'subscribe',
          id: String(i),
          payload: { query: 'subscription { __typename }' },
        }),
      );
    await vi.waitFor(() =>
      expect(
        messages.find((m) => m.type === 'error' && m.id === String(MAX_ACTIVE_OPERATIONS))?.payload,
      ).toEqual([
        {
          message: `a connection may have at most ${MAX_ACTIVE_OPERATIONS} operations running at once`,
          extensions: { path: '$', code: 'validation-failed' },
        },
      ]),
    );
    ws.close();
  });
});
