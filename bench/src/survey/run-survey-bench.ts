import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createDatabase, startCluster, withDatabase } from '@portal/devdb';
import { applyMigrations, loadProject } from '@portal/engine';
import { pidOfService } from '@portal/stack';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import pg from 'pg';
import WebSocket from 'ws';
import { REPO_ROOT } from '../data/scale-database.ts';
import { startBenchStack } from '../fairness/stack-process.ts';
import { GraphQLClient } from '../lib/graphql-client.ts';
import { type RunInfo, startRunInfo } from '../lib/run-info.ts';
import { type Summary, summarize } from '../lib/stats.ts';
import { type BenchSurvey, createBenchSurvey } from './survey-data.ts';

/**
 * `npm run bench -- survey`: several surveyors on one survey visit assessment at once.
 * Each simulated session signs in (its own JWT), opens one WebSocket with the screen's two live
 * queries (indicator locks, responses) and, for the whole duration, edits indicators as the screen
 * does: takes the indicator's lock, types a few keystrokes, saves 1000 ms after the last one (only
 * the field it changed), and releases the lock 500 ms after the save (spec 001 §4, §9). Sessions
 * own their indicators' observation and ticks, and also write the non-compliance statement of
 * their neighbour's first indicator, so two sessions write different fields of one row.
 *
 * Measured: for every lock taken and every answer saved, how long after its mutation returned
 * each other session's live query showed it (p50/p95 against the target: under one refetch
 * interval plus 1 s); afterwards, every last value a session saved is the one in the database
 * (lost writes: 0), and no save failed.
 *
 * `--replicas N` runs the same on the stack as `npm start` runs it (processes, N engines and N
 * actions services behind the gateway, STACK_REPLICAS), the sessions signed in through it;
 * `--kill-at S` then kills engine-1 and actions-1 with SIGKILL S seconds into the edits. A session
 * does what the app does: its WebSocket reconnects and subscribes again (graphql-ws), it sends again
 * a request the gateway answered 503 or that failed on the way (every write of the screen is
 * idempotent: an upsert of its lock, a `_set` or a `_append` of the same value, a delete), and it
 * refreshes its access token through actions. Measured besides: reconnections and how long each
 * session was without its live queries, requests sent again, and wrong answers (a value a session's
 * live query shows at the end that is not the database's).
 */

const DEFAULT_RESULTS = path.join(REPO_ROOT, 'bench/results/survey.json');
/** With `--replicas`: the stack's figures, beside the in-process ones. */
const REPLICAS_RESULTS = path.join(REPO_ROOT, 'bench/results/survey-replicas.json');

/** The screen's waits the sessions imitate, and the engine's refetch interval (`--debounce-ms` etc.). */
interface Pacing {
  /** The screen saves this long after the last keystroke (1,000 ms). */
  debounceMs: number;
  /** It releases the lock this long after the save (500 ms). */
  resetMs: number;
  /** The engine's live-query refetch interval (1,000 ms, production's). */
  refetchMs: number;
  /** Sessions start within this long of each other (2,000 ms). */
  staggerMs: number;
}

const LOCKS = `subscription IndicatorLocks($assessmentId: Int!) {
  indicator_locks(where: { assessment_id: { _eq: $assessmentId } }) { id indicator_response_id user_id fields }
}`;
const RESPONSES = `subscription AssessmentResponses($assessmentId: Int!) {
  indicator_responses(where: { assessment_id: { _eq: $assessmentId } }) {
    id observation non_compliance_statement checklists updated_at last_updated_by_id
  }
}`;
const ANNOUNCE = `mutation AnnounceIndicatorLock($assessmentId: Int!, $responseId: Int!, $fields: jsonb!) {
  insert_indicator_locks_one(
    object: { assessment_id: $assessmentId, indicator_response_id: $responseId, fields: $fields }
    on_conflict: { constraint: indicator_locks_indicator_response_id_user_id_key, update_columns: [fields] }
  ) { id }
}`;
const RELEASE = `mutation ReleaseIndicatorLock($responseId: Int!) {
  delete_indicator_locks(where: { indicator_response_id: { _eq: $responseId } }) { affected_rows }
}`;
const UPDATE = `mutation UpdateIndicatorResponse($id: Int!, $set: indicator_responses_set_input!, $append: indicator_responses_append_input!) {
  update_indicator_responses_by_pk(pk_columns: { id: $id }, _set: $set, _append: $append) { id updated_at }
}`;

type Field = 'observation' | 'non_compliance_statement' | 'checklists';

interface LockRow {
  id: number;
  indicator_response_id: number;
  user_id: number;
  fields: string[];
}
interface ResponseRow {
  id: number;
  observation: string | null;
  non_compliance_statement: string | null;
  checklists: Record<string, Record<string, boolean>>;
}

/** The bench's shared clock of events: when each lock and each saved value was committed. */
class Events {
  /** `${userId}:${responseId}:${fieldsJson}` → commit times of the lock takes, oldest first. */
  readonly locks = new Map<string, number>();
  /** `${responseId}:${field}:${value}` → commit time of the save. */
  readonly saves = new Map<string, number>();
  readonly lockLatencies: number[] = [];
  readonly saveLatencies: number[] = [];
  /**
   * Seen by a session before the writer's mutation had returned (a refetch between the commit and
   * the answer): counted as 0 ms once the commit is recorded, so fast deliveries are not dropped.
   */
  private readonly early = new Map<string, number>();

  seen(kind: 'lock' | 'save', key: string, at: number) {
    const committed = (kind === 'lock' ? this.locks : this.saves).get(key);
    if (committed !== undefined)
      (kind === 'lock' ? this.lockLatencies : this.saveLatencies).push(Math.max(0, at - committed));
    else this.early.set(`${kind}|${key}`, (this.early.get(`${kind}|${key}`) ?? 0) + 1);
  }

  /**
   * A write of `key` is on its way: a commit time of an earlier write of the same key (a lock
   * taken again, the same ticks saved again) no longer counts, so a sighting before this write's
   * answer waits for its commit instead of measuring from the earlier one.
   */
  sending(kind: 'lock' | 'save', key: string) {
    (kind === 'lock' ? this.locks : this.saves).delete(key);
  }

  committed(kind: 'lock' | 'save', key: string, at: number) {
    (kind === 'lock' ? this.locks : this.saves).set(key, at);
    const early = this.early.get(`${kind}|${key}`) ?? 0;
    this.early.delete(`${kind}|${key}`);
    for (let i = 0; i < early; i++) (kind === 'lock' ? this.lockLatencies : this.saveLatencies).push(0);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A seeded generator, so every run edits the same way. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One simulated surveyor's browser: an HTTP client and one WebSocket with the two live queries. */
class Session {
  readonly http: GraphQLClient;
  private socket!: WebSocket;
  private readonly seenLocks = new Set<string>();
  readonly seenValues = new Map<string, string>();
  /** The last rows its live query of the responses showed, by id. */
  readonly shownRows = new Map<number, ResponseRow>();
  /** The last value this session saved (acknowledged) per `${responseId}:${field}`. */
  readonly lastSaved = new Map<string, string>();
  /** The `${responseId}:${field}` this session writes (each is written by one session only). */
  private readonly writes = new Set<string>();
  saves = 0;
  lockTakes = 0;
  /** Requests sent again after a 503 or a connection that failed (at most `SEND_ATTEMPTS` each). */
  resent = 0;
  /** Times its WebSocket closed under it and it connected again. */
  reconnects = 0;
  /** For each reconnection, how long it was without its live queries (ms). */
  readonly outages: number[] = [];
  tokenRefreshes = 0;
  failures: string[] = [];
  private closing = false;

  constructor(
    readonly index: number,
    readonly userId: number,
    private readonly auth: SignedIn,
    private readonly graphqlUrl: string,
    private readonly assessmentId: number,
    private readonly events: Events,
    private readonly pacing: Pacing,
  ) {
    this.http = new GraphQLClient(graphqlUrl, { authorization: `Bearer ${auth.token}` });
  }

  connect(): Promise<void> {
    return this.open();
  }

  /** One WebSocket with both subscriptions; resolves once each has sent its first result. */
  private open(): Promise<void> {
    const socket = new WebSocket(this.graphqlUrl.replace(/^http/, 'ws'), 'graphql-transport-ws');
    this.socket = socket;
    let first = 0;
    let live = false;
    return new Promise<void>((resolve, reject) => {
      socket.once('error', reject);
      // A socket that closes once live (its engine killed) is opened again, as graphql-ws does.
      socket.on('close', () => {
        reject(new Error('the WebSocket closed before its subscriptions answered'));
        if (live && !this.closing && this.socket === socket) void this.reconnect();
      });
      socket.on('open', () =>
        socket.send(
          JSON.stringify({
            type: 'connection_init',
            payload: { headers: { Authorization: `Bearer ${this.auth.token}` } },
          }),
        ),
      );
      socket.on('message', (data) => {
        const at = performance.now();
        const msg = JSON.parse(data.toString()) as {
          type: string;
          id?: string;
          payload?: { data?: { indicator_locks?: LockRow[]; indicator_responses?: ResponseRow[] } };
        };
        if (msg.type === 'connection_ack') {
          const variables = { assessmentId: this.assessmentId };
          socket.send(
            JSON.stringify({ type: 'subscribe', id: 'locks', payload: { query: LOCKS, variables } }),
          );
          socket.send(
            JSON.stringify({ type: 'subscribe', id: 'responses', payload: { query: RESPONSES, variables } }),
          );
        } else if (msg.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
        else if (msg.type === 'next') {
          if (msg.payload?.data?.indicator_locks) this.onLocks(msg.payload.data.indicator_locks, at);
          if (msg.payload?.data?.indicator_responses)
            this.onResponses(msg.payload.data.indicator_responses, at);
          if (++first === 2) {
            live = true;
            resolve();
          }
        } else if (msg.type === 'error' || msg.type === 'connection_error') {
          this.failures.push(`subscription: ${JSON.stringify(msg.payload)}`);
          reject(new Error(`subscription failed: ${JSON.stringify(msg)}`));
        }
      });
    });
  }

  /** Connects again with a growing pause (as graphql-ws's client), until its subscriptions answer. */
  private async reconnect(): Promise<void> {
    const down = performance.now();
    this.reconnects++;
    for (let attempt = 1; !this.closing; attempt++) {
      await sleep(Math.min(250 * attempt, 2000));
      try {
        await this.open();
        this.outages.push(performance.now() - down);
        return;
      } catch {
        this.socket.removeAllListeners();
        this.socket.terminate();
      }
    }
  }

  /** A new access token through actions, as the app gets one before the old one expires. */
  async refreshToken(): Promise<void> {
    if (!this.auth.refresh) return;
    try {
      this.auth.token = await this.auth.refresh();
      this.http.setHeader('authorization', `Bearer ${this.auth.token}`);
      this.tokenRefreshes++;
    } catch (error) {
      this.failures.push(`token refresh: ${(error as Error).message}`);
    }
  }

  /** A lock of another session appearing (or taken again) counts once, from its commit. */
  private onLocks(rows: LockRow[], at: number) {
    const now = new Set<string>();
    for (const row of rows) {
      if (row.user_id === this.userId) continue;
      const key = `${row.user_id}:${row.indicator_response_id}:${JSON.stringify(row.fields)}`;
      now.add(key);
      if (this.seenLocks.has(key)) continue;
      this.events.seen('lock', key, at);
    }
    this.seenLocks.clear();
    for (const key of now) this.seenLocks.add(key);
  }

  /** A value another session saved, seen for the first time, counts once, from its commit. */
  private onResponses(rows: ResponseRow[], at: number) {
    for (const row of rows) {
      this.shownRows.set(row.id, row);
      const values: Array<[Field, string | null]> = [
        ['observation', row.observation],
        ['non_compliance_statement', row.non_compliance_statement],
        ['checklists', JSON.stringify(row.checklists)],
      ];
      for (const [field, value] of values) {
        const key = `${row.id}:${field}`;
        if (value === null || this.seenValues.get(key) === value) continue;
        this.seenValues.set(key, value);
        if (this.writes.has(key)) continue; // its own field: only this session writes it
        this.events.seen('save', `${key}:${value}`, at);
      }
    }
  }

  /**
   * Sends one operation; a 503 from the gateway (a replica died with it) or a request that failed
   * on its way is sent again, as the app's client does: every operation of the screen is
   * idempotent, so a write that had been made is made again to the same effect.
   */
  private async call(query: string, variables: Record<string, unknown>, what: string) {
    let result: Awaited<ReturnType<GraphQLClient['request']>> | undefined;
    for (let attempt = 1; ; attempt++) {
      const answer = await this.http.request(query, variables).catch((error: Error) => error);
      const again = answer instanceof Error || answer.status === 503;
      if (!again) {
        result = answer;
        break;
      }
      if (attempt === SEND_ATTEMPTS) {
        this.failures.push(
          `${what}: ${answer instanceof Error ? answer.message : 'HTTP 503'} ${SEND_ATTEMPTS} times`,
        );
        return null;
      }
      this.resent++;
      await sleep(250 * attempt);
    }
    if (result.errors) {
      this.failures.push(`${what}: ${JSON.stringify(result.errors[0])}`);
      return null;
    }
    return result.data as Record<string, unknown>;
  }

  /** One edit as the screen makes it: lock, keystrokes, save after the debounce, release after the reset. */
  async edit(
    responseId: number,
    field: Field,
    value: string | Record<string, Record<string, boolean>>,
    keystrokes: number[],
  ) {
    const fields = [field];
    this.writes.add(`${responseId}:${field}`);
    this.events.sending('lock', `${this.userId}:${responseId}:${JSON.stringify(fields)}`);
    if (await this.call(ANNOUNCE, { assessmentId: this.assessmentId, responseId, fields }, 'lock')) {
      this.lockTakes++;
      this.events.committed(
        'lock',
        `${this.userId}:${responseId}:${JSON.stringify(fields)}`,
        performance.now(),
      );
    }
    for (const pause of keystrokes) await sleep(pause);
    await sleep(this.pacing.debounceMs);
    const set = field === 'checklists' ? {} : { [field]: value };
    const append = field === 'checklists' ? { checklists: value } : {};
    const saved = await this.call(UPDATE, { id: responseId, set, append }, 'save');
    if (saved?.update_indicator_responses_by_pk) {
      this.saves++;
      const committed = performance.now();
      if (field !== 'checklists') {
        this.lastSaved.set(`${responseId}:${field}`, value as string);
        this.events.committed('save', `${responseId}:${field}:${value as string}`, committed);
      } else {
        // What the live query will show: the stored ticks after the append, read back by the check.
        const stored = await this.storedTicks(responseId);
        if (stored !== null) {
          this.lastSaved.set(`${responseId}:checklists`, stored);
          this.events.committed('save', `${responseId}:checklists:${stored}`, committed);
        }
      }
    } else if (saved) this.failures.push(`save: response ${responseId} matched no row`);
    await sleep(this.pacing.resetMs);
    await this.call(RELEASE, { responseId }, 'release');
  }

  private async storedTicks(responseId: number): Promise<string | null> {
    const data = await this.call(
      'query ($id: Int!) { indicator_responses_by_pk(id: $id) { checklists } }',
      { id: responseId },
      'read ticks',
    );
    const row = data?.indicator_responses_by_pk as { checklists: unknown } | null | undefined;
    return row ? JSON.stringify(row.checklists) : null;
  }

  close() {
    this.closing = true;
    this.socket?.close();
    this.http.close();
  }
}

/** How many times a session sends one operation before it counts as failed. */
const SEND_ATTEMPTS = 5;

/** A signed-in session's access token, and how to get a new one (through actions) when it can. */
interface SignedIn {
  token: string;
  refresh?: () => Promise<string>;
}

/** Where the sessions work: the GraphQL endpoint, the database, sign-in, and the replicas to kill. */
interface BenchTarget {
  graphqlUrl: string;
  sql: pg.Pool;
  signIn(email: string, password: string): Promise<SignedIn>;
  /** Kills engine-1 and actions-1 (SIGKILL); says what it killed. */
  killFirstReplicas?: () => string;
  close(): Promise<void>;
}

/** The cookies a response sets, by name. */
function cookiesOf(response: Response): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair!.indexOf('=');
    cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
  }
  return cookies;
}

/** POSTs JSON through the gateway, sent again after a 503 (a replica that died with it). */
async function postAuth(url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(url, { method: 'POST', ...init, signal: AbortSignal.timeout(15_000) });
    if (response.status !== 503 || attempt === SEND_ATTEMPTS) return response;
    await sleep(250 * attempt);
  }
}

/**
 * The stack as `npm start` runs it, with `replicas` engines and actions services, on a throwaway
 * cluster; sessions sign in and refresh through its gateway (`/api/auth/login`, `/api/auth/refresh`).
 */
async function processTarget(replicas: number): Promise<BenchTarget> {
  const database = await migratedDatabase();
  const stack = await startBenchStack(
    database.url,
    (line) => console.log(`survey bench: ${line}`),
    replicas,
  ).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const sql = new pg.Pool({ connectionString: database.url, max: 4 });
  const signIn = async (email: string, password: string): Promise<SignedIn> => {
    const answer = await postAuth(`${stack.url}/api/auth/login`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    if (answer.status !== 200)
      throw new Error(`sign-in of ${email}: HTTP ${answer.status} ${await answer.text()}`);
    let cookies = cookiesOf(answer);
    const session: SignedIn = {
      token: ((await answer.json()) as { accessToken: string }).accessToken,
      refresh: async () => {
        const refreshed = await postAuth(`${stack.url}/api/auth/refresh`, {
          headers: {
            cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
            'x-csrf-token': cookies.get('portal_csrf') ?? '',
          },
        });
        if (refreshed.status !== 200) throw new Error(`HTTP ${refreshed.status} ${await refreshed.text()}`);
        cookies = new Map([...cookies, ...cookiesOf(refreshed)]);
        return ((await refreshed.json()) as { accessToken: string }).accessToken;
      },
    };
    return session;
  };
  return {
    graphqlUrl: `${stack.url}/v1/graphql`,
    sql,
    signIn,
    killFirstReplicas: () => {
      const engine = pidOfService(
        'packages/engine/src/server/main.ts',
        `HASURA_GRAPHQL_SERVER_PORT=${stack.ports.engine}`,
      );
      const actions = pidOfService('actions/src/main.ts', `PORT=${stack.ports.actions}`);
      process.kill(engine, 'SIGKILL');
      process.kill(actions, 'SIGKILL');
      return `engine-1 (pid ${engine}) and actions-1 (pid ${actions})`;
    },
    close: async () => {
      await sql.end();
      await stack.stop();
      await database.drop();
    },
  };
}

/** The engine and actions in this process (a test stack), the sessions' tokens from its sign-in. */
function inProcessTarget(stack: TestStack, owned: boolean): BenchTarget {
  return {
    graphqlUrl: stack.graphqlUrl,
    sql: stack.sql,
    signIn: async (email, password) => ({ token: await stack.tokenFor(email, password) }),
    close: async () => {
      if (owned) await stack.close();
    },
  };
}

interface SurveyBenchResult {
  bench: 'survey';
  run: RunInfo;
  date: string;
  machine: { cpus: number; load_before: number[]; load_after: number[]; node: string };
  settings: {
    sessions: number;
    indicators: number;
    duration_s: number;
    save_debounce_ms: number;
    saving_reset_ms: number;
    refetch_interval_ms: number;
    stagger_ms: number;
  };
  edits: { lock_takes: number; saves: number; failures: number; failure_samples: string[] };
  lost_writes: number;
  lost_write_samples: string[];
  checked_values: number;
  /** Values a session's live query showed at the end that are not the database's. */
  wrong_answers: number;
  wrong_answer_samples: string[];
  /** With `--replicas`: the stack, what was killed and when, and how the sessions came through. */
  faults: {
    replicas: number | null;
    kill_at_s: number | null;
    killed: string | null;
    reconnects: number;
    without_live_queries: Summary;
    requests_sent_again: number;
    token_refreshes: number;
  };
  lock_to_others: Summary;
  save_to_others: Summary;
  /** Both kinds together: the figure the issue asks for. */
  lock_or_save_to_others: Summary;
  targets: Array<{ target: string; measured: number | string; pass: boolean }>;
}

/** A throwaway embedded PostgreSQL with every migration applied (no demo data), removed by `drop`. */
async function migratedDatabase() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-survey-'));
  // When we run as root the server runs as the `postgres` user, which must reach the data directory.
  chmodSync(dir, 0o755);
  const cluster = await startCluster({ dataDir: path.join(dir, 'data'), durable: false });
  await createDatabase(cluster.url(), 'portal');
  const url = withDatabase(cluster.url(), 'portal');
  await applyMigrations({ project: loadProject(path.join(REPO_ROOT, 'hasura')), databaseUrl: url });
  // A new provider requires surveyors to sign in with a second factor; the bench measures the
  // editing, so its surveyors sign in with their password, as in the test templates.
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client
    .query('update public.provider_settings set require_two_factor_surveyor = false')
    .finally(() => client.end());
  return {
    name: 'portal',
    url,
    drop: async () => {
      await cluster.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Until every session's live query shows the last value each session saved (or `timeoutMs` passed). */
async function everySaveSeen(sessions: Session[], timeoutMs: number): Promise<void> {
  const saved = sessions.flatMap((s) => [...s.lastSaved]);
  const deadline = performance.now() + timeoutMs;
  while (!sessions.every((s) => saved.every(([key, value]) => s.seenValues.get(key) === value))) {
    if (performance.now() > deadline) return;
    await sleep(50);
  }
}

export interface SurveyBenchOptions {
  /**
   * A running test stack on a migrated database whose engine refetches every `--refetch-interval`
   * ms (else one is started on a throwaway cluster and stopped).
   */
  stack?: TestStack;
}

/**
 * `npm run bench -- survey [--sessions 50] [--seconds 60] [--indicators 150] [--debounce-ms 1000]
 * [--reset-ms 500] [--refetch-interval 1000] [--stagger-ms 2000] [--replicas N [--kill-at S]]
 * [--results FILE]`.
 */
export async function runSurveyBench(args: string[], options: SurveyBenchOptions = {}): Promise<number> {
  const info = startRunInfo();
  const { values } = parseArgs({
    args,
    options: {
      sessions: { type: 'string', default: '50' },
      seconds: { type: 'string', default: '60' },
      indicators: { type: 'string', default: '150' },
      'debounce-ms': { type: 'string', default: '1000' },
      'reset-ms': { type: 'string', default: '500' },
      'refetch-interval': { type: 'string', default: '1000' },
      'stagger-ms': { type: 'string', default: '2000' },
      replicas: { type: 'string' },
      'kill-at': { type: 'string' },
      results: { type: 'string' },
    },
  });
  const resultsFile = values.results ?? (values.replicas === undefined ? DEFAULT_RESULTS : REPLICAS_RESULTS);
  const sessionCount = Number(values.sessions);
  const seconds = Number(values.seconds);
  const indicators = Number(values.indicators);
  const pacing: Pacing = {
    debounceMs: Number(values['debounce-ms']),
    resetMs: Number(values['reset-ms']),
    refetchMs: Number(values['refetch-interval']),
    staggerMs: Number(values['stagger-ms']),
  };
  const replicas = values.replicas === undefined ? null : Number(values.replicas);
  const killAt = values['kill-at'] === undefined ? null : Number(values['kill-at']);
  if (replicas !== null && !(Number.isInteger(replicas) && replicas >= 1))
    throw new Error(`--replicas must be a whole number of 1 or more, not ${values.replicas}`);
  if (killAt !== null && !(replicas !== null && replicas >= 2 && killAt >= 0 && killAt < seconds))
    throw new Error('--kill-at S needs --replicas 2 or more and S within --seconds');
  // The stack's engines refetch at the production interval (the engine's default).
  if (replicas !== null && pacing.refetchMs !== 1000)
    throw new Error(
      "--replicas runs the stack's engines, which refetch every 1000 ms: leave --refetch-interval out",
    );
  const loadBefore = os.loadavg().map((x) => Math.round(x * 100) / 100);

  console.log(
    `survey bench: ${sessionCount} sessions, ${indicators} indicators, ${seconds} s` +
      (replicas === null ? '' : `, ${replicas} replica(s) of the engine and actions`) +
      (killAt === null ? '' : `, engine-1 and actions-1 killed at ${killAt} s`),
  );
  const target: BenchTarget =
    replicas !== null
      ? await processTarget(replicas)
      : inProcessTarget(
          options.stack ??
            (await startTestStack({
              database: await migratedDatabase(),
              engine: { refetchIntervalMs: pacing.refetchMs, poolSize: 20 },
            })),
          !options.stack,
        );
  const sessions: Session[] = [];
  let killed: string | null = null;
  try {
    const survey: BenchSurvey = await createBenchSurvey(target.sql, { surveyors: sessionCount, indicators });
    // Current statistics, as autovacuum keeps them on a live database: without them the planner
    // checks the row permission once per response instead of once per assessment (25 times slower).
    await target.sql.query('analyze');
    const events = new Events();
    for (const [i, s] of survey.surveyors.entries()) {
      const signedIn = await target.signIn(s.email, s.password);
      sessions.push(new Session(i, s.id, signedIn, target.graphqlUrl, survey.assessmentId, events, pacing));
    }
    await Promise.all(sessions.map((s) => s.connect()));
    console.log('sessions connected; editing');

    // Session k owns responses k, k + n, k + 2n, …; it also writes the statement of its
    // neighbour's first response (another field of a row someone else is editing).
    const owned = (k: number) => survey.responseIds.filter((_, i) => i % sessionCount === k);
    const deadline = performance.now() + seconds * 1000;
    const fault =
      killAt === null || !target.killFirstReplicas
        ? Promise.resolve()
        : sleep(killAt * 1000).then(async () => {
            killed = target.killFirstReplicas!();
            console.log(`killed ${killed} with SIGKILL at ${killAt} s`);
            // Each session's app refreshes its access token within the next seconds: actions-2 answers.
            await Promise.all(
              sessions.map((session) => sleep(Math.random() * 2000).then(() => session.refreshToken())),
            );
          });
    await Promise.all([
      fault,
      ...sessions.map(async (session, k) => {
        const random = seeded(1000 + k);
        const mine = owned(k);
        const neighbours = owned((k + 1) % sessionCount);
        let n = 0;
        await sleep(random() * pacing.staggerMs); // people do not all start on the same second
        while (performance.now() < deadline) {
          n++;
          const keystrokes = Array.from({ length: 1 + Math.floor(random() * 4) }, () => 120 + random() * 280);
          const kind = random();
          if (kind < 0.45 && mine.length > 0) {
            const id = mine[Math.floor(random() * mine.length)]!;
            await session.edit(
              id,
              'observation',
              `Session ${k + 1}, edit ${n}: improvement noted.`,
              keystrokes,
            );
          } else if (kind < 0.8 && mine.length > 0) {
            const id = mine[Math.floor(random() * mine.length)]!;
            await session.edit(
              id,
              'checklists',
              { '1': { '1': random() < 0.5, '2': random() < 0.5 } },
              keystrokes,
            );
          } else if (neighbours.length > 0) {
            await session.edit(
              neighbours[0]!,
              'non_compliance_statement',
              `Statement by session ${k + 1}, edit ${n}.`,
              keystrokes,
            );
          }
          const pause = 300 + random() * 1500;
          if (performance.now() + pause >= deadline) break;
          await sleep(pause);
        }
      }),
    ]);
    // Let the last saves reach every live query before closing (a lost write never arrives: then
    // the check below finds it).
    await everySaveSeen(sessions, pacing.refetchMs * 2 + 10_000);

    // Lost writes: every value a session saved last is the database's (owner connection).
    const { rows } = await target.sql.query<{
      id: number;
      observation: string | null;
      non_compliance_statement: string | null;
      checklists: unknown;
    }>(
      'select id, observation, non_compliance_statement, checklists from indicator_responses where assessment_id = $1',
      [survey.assessmentId],
    );
    const stored = new Map(rows.map((r) => [r.id, r]));
    const lost: string[] = [];
    let checked = 0;
    // A row's field is written by one session only, so its last acknowledged save must be there.
    for (const session of sessions) {
      for (const [key, value] of session.lastSaved) {
        const [id, field] = key.split(':') as [string, Field];
        const row = stored.get(Number(id));
        const actual = field === 'checklists' ? JSON.stringify(row?.checklists) : row?.[field];
        checked++;
        if (actual !== value) lost.push(`${key}: saved ${value}, stored ${String(actual)}`);
      }
    }
    const wrong = await wrongAnswers(sessions, stored, pacing.refetchMs * 3);
    const failures = sessions.flatMap((s) => s.failures);
    const lockSummary = summarize(events.lockLatencies);
    const saveSummary = summarize(events.saveLatencies);
    const both = summarize([...events.lockLatencies, ...events.saveLatencies]);
    const targetMs = pacing.refetchMs + 1000;
    const result: SurveyBenchResult = {
      bench: 'survey',
      run: info.finish(),
      date: new Date().toISOString(),
      machine: {
        cpus: os.cpus().length,
        load_before: loadBefore,
        load_after: os.loadavg().map((x) => Math.round(x * 100) / 100),
        node: process.version,
      },
      settings: {
        sessions: sessionCount,
        indicators,
        duration_s: seconds,
        save_debounce_ms: pacing.debounceMs,
        saving_reset_ms: pacing.resetMs,
        refetch_interval_ms: pacing.refetchMs,
        stagger_ms: pacing.staggerMs,
      },
      edits: {
        lock_takes: sessions.reduce((s, x) => s + x.lockTakes, 0),
        saves: sessions.reduce((s, x) => s + x.saves, 0),
        failures: failures.length,
        failure_samples: failures.slice(0, 5),
      },
      lost_writes: lost.length,
      lost_write_samples: lost.slice(0, 5),
      checked_values: checked,
      wrong_answers: wrong.length,
      wrong_answer_samples: wrong.slice(0, 5),
      faults: {
        replicas,
        kill_at_s: killAt,
        killed,
        reconnects: sessions.reduce((n, x) => n + x.reconnects, 0),
        without_live_queries: summarize(sessions.flatMap((x) => x.outages)),
        requests_sent_again: sessions.reduce((n, x) => n + x.resent, 0),
        token_refreshes: sessions.reduce((n, x) => n + x.tokenRefreshes, 0),
      },
      lock_to_others: lockSummary,
      save_to_others: saveSummary,
      lock_or_save_to_others: both,
      targets: [
        { target: 'lost writes: 0', measured: lost.length, pass: lost.length === 0 && checked > 0 },
        { target: 'failed requests: 0', measured: failures.length, pass: failures.length === 0 },
        {
          target: "wrong answers (a session's live view at the end unlike the database): 0",
          measured: wrong.length,
          pass: wrong.length === 0,
        },
        {
          target: `p95 lock or saved answer reaching the other sessions under ${targetMs} ms (refetch interval + 1 s)`,
          measured: both.p95_ms,
          pass: both.n > 0 && both.p95_ms < targetMs,
        },
      ],
    };
    printReport(result);
    mkdirSync(path.dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`\nwrote ${path.relative(REPO_ROOT, resultsFile)}`);
    return 0;
  } finally {
    for (const s of sessions) s.close();
    // A pool whose end() resolved before its idle clients closed hears the cluster stop
    // (57P01 admin_shutdown); nobody listens to that pool any more, and it must not crash the run.
    if (!options.stack)
      process.on('uncaughtException', (error: Error & { code?: string }) => {
        if (error.code === '57P01') return;
        console.error(error);
        process.exit(1);
      });
    await target.close();
  }
}

/**
 * What each session's live query of the responses shows (its last result) against the database,
 * waiting up to `timeoutMs` for the last refetches: each value that differs once the wait is over.
 */
async function wrongAnswers(
  sessions: Session[],
  stored: Map<
    number,
    { observation: string | null; non_compliance_statement: string | null; checklists: unknown }
  >,
  timeoutMs: number,
): Promise<string[]> {
  const differences = () =>
    sessions.flatMap((session) =>
      [...stored].flatMap(([id, row]) => {
        const shown = session.shownRows.get(id);
        const fields: Array<[string, unknown, unknown]> = [
          ['observation', shown?.observation, row.observation],
          ['non_compliance_statement', shown?.non_compliance_statement, row.non_compliance_statement],
          ['checklists', JSON.stringify(shown?.checklists), JSON.stringify(row.checklists)],
        ];
        return fields
          .filter(([, a, b]) => a !== b)
          .map(
            ([field, a, b]) =>
              `session ${session.index + 1}, response ${id} ${field}: shows ${String(a)}, stored ${String(b)}`,
          );
      }),
    );
  const deadline = performance.now() + timeoutMs;
  let found = differences();
  while (found.length > 0 && performance.now() < deadline) {
    await sleep(100);
    found = differences();
  }
  return found;
}

function printReport(r: SurveyBenchResult) {
  const row = (name: string, s: Summary) =>
    `${name.padEnd(28)}${String(s.n).padStart(8)}${s.median_ms.toFixed(0).padStart(10)}${s.p95_ms.toFixed(0).padStart(10)}${s.max_ms.toFixed(0).padStart(10)}`;
  console.log(
    `\n${r.settings.sessions} sessions × ${r.settings.duration_s} s: ${r.edits.lock_takes} locks taken, ${r.edits.saves} saves, ${r.edits.failures} failures`,
  );
  console.log(
    `${'reaching the others'.padEnd(28)}${'samples'.padStart(8)}${'p50 ms'.padStart(10)}${'p95 ms'.padStart(10)}${'max ms'.padStart(10)}`,
  );
  console.log(row('lock', r.lock_to_others));
  console.log(row('saved answer', r.save_to_others));
  console.log(row('either', r.lock_or_save_to_others));
  console.log(`lost writes: ${r.lost_writes} of ${r.checked_values} last values checked`);
  console.log(`wrong answers at the end: ${r.wrong_answers}`);
  if (r.faults.replicas !== null) {
    const f = r.faults;
    console.log(
      `${f.replicas} replica(s); killed: ${f.killed ?? 'nothing'}${f.kill_at_s === null ? '' : ` at ${f.kill_at_s} s`}; ` +
        `${f.reconnects} WebSocket reconnection(s), without live queries p50 ${f.without_live_queries.median_ms.toFixed(0)} ms, ` +
        `p95 ${f.without_live_queries.p95_ms.toFixed(0)} ms; ${f.requests_sent_again} request(s) sent again; ` +
        `${f.token_refreshes} token refresh(es)`,
    );
  }
  for (const t of r.targets) console.log(`${t.pass ? 'PASS' : 'MISS'}  ${t.target}: ${t.measured}`);
}
