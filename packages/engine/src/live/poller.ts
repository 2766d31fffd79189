import type pg from 'pg';
import { type Plan, STREAM_CURSOR } from '../compile/plan.ts';
import { CURSOR_KEY } from '../compile/stream.ts';
import { errorBody } from '../errors.ts';
import { bindParams } from '../exec/executor.ts';
import { mapPgError } from '../exec/pg-errors.ts';
import { encodeConst, pgArray } from '../sql/sql.ts';
import { type MultiplexedQuery, multiplex } from './multiplex.ts';

/** Something that receives live query results (a WebSocket operation). */
export interface Subscriber {
  /** Called with the `{"data":...}` (or `{"errors":...}`) JSON text when the result changed. */
  push(result: string): void;
  /** The last result this subscriber received. */
  last?: string;
}

/** Subscribers sharing variables, session values (and, for streams, cursor): one row per tick. */
interface Cohort {
  id: number;
  key: string;
  vars: Array<string | null>;
  subscribers: Set<Subscriber>;
  /**
   * Its first result is on its way (`add`): ticks leave it alone until then, or a tick that
   * starts meanwhile would read a stream's cursor before the first batch moves it, and send that
   * batch twice (it did, on a busy machine).
   */
  priming: boolean;
}

function deliver(s: Subscriber, body: string) {
  if (s.last === body) return;
  s.last = body;
  s.push(body);
}

/** A subscriber's initial values: variables, plus a stream's starting cursor. */
function boundVariables(plan: Plan, variables: Record<string, unknown>): Record<string, unknown> {
  const first = plan.fields[0];
  const stream = first?.kind === 'query' ? first.stream : undefined;
  if (!stream) return variables;
  return {
    ...variables,
    [STREAM_CURSOR]: 'value' in stream.initial ? stream.initial.value : variables[stream.initial.variable],
  };
}

/**
 * The statement a subscription's poller sends on each tick, as it is sent for this subscriber
 * alone: `$1` the cohort ids, `$2` each cohort's values (`_subs.vars`), then constants.
 */
export function liveStatement(
  plan: Plan,
  variables: Record<string, unknown>,
  session: Record<string, string>,
  prepare = true,
): { sql: string; params: Array<string | null>; name?: string } {
  const { statement, slots } = multiplex(plan);
  const vars = bindParams(slots, boundVariables(plan, variables), session);
  return {
    sql: statement.text,
    params: ['{1}', pgArray([JSON.stringify(vars)]), ...bindParams(statement.params, {}, {})],
    ...(prepare && statement.name ? { name: statement.name } : {}),
  };
}

/** The tables a statement names (`"schema"."table"`, as the compiler quotes them), as `schema.table`. */
export function tablesNamed(text: string): Set<string> {
  const tables = new Set<string>();
  for (const match of text.matchAll(/"((?:[^"]|"")+)"\."((?:[^"]|"")+)"/g))
    tables.add(`${match[1]!.replaceAll('""', '"')}.${match[2]!.replaceAll('""', '"')}`);
  return tables;
}

/**
 * Re-runs one query shape for all its cohorts on every tick, one statement per batch of cohorts,
 * and soon after this engine writes a table the shape reads (`wake`).
 */
class Poller {
  readonly query: MultiplexedQuery;
  /** The tables the shape's statement reads (relationships' too). */
  readonly reads: Set<string>;
  private readonly cohorts = new Map<string, Cohort>();
  private readonly membership = new Map<Subscriber, Cohort>();
  /** Set for streaming subscriptions: the root alias and the cursor's slot in a cohort's vars. */
  private readonly stream?: { alias: string; slot: number };
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private nextId = 1;
  /** A wake's refetch, waiting for the gap since the last one (`wake`). */
  private wakeTimer: NodeJS.Timeout | undefined;
  /** A write came while a refetch ran (which may have read before it): run once more after it. */
  private again = false;
  private lastEnd = 0;

  constructor(
    plan: Plan,
    private readonly pool: pg.Pool,
    private readonly interval: number,
    private readonly batchSize: number,
    private readonly onEmpty: () => void,
    private readonly onStatement?: (text: string) => void,
    prepare = true,
  ) {
    this.query = multiplex(plan);
    this.reads = tablesNamed(this.query.statement.text);
    if (!prepare) this.query.statement.name = undefined;
    const first = plan.fields[0];
    if (first?.kind === 'query' && first.stream)
      this.stream = {
        alias: first.alias,
        slot: this.query.slots.findIndex((s) => s.kind === 'var' && s.name === STREAM_CURSOR),
      };
  }

  private async run(cohorts: Cohort[]): Promise<Map<number, string>> {
    const out = new Map<number, string>();
    const constValues = bindParams(this.query.statement.params, {}, {});
    this.onStatement?.(this.query.statement.text);
    try {
      const res = await this.pool.query({
        name: this.query.statement.name,
        text: this.query.statement.text,
        values: [cohorts.map((c) => c.id), cohorts.map((c) => JSON.stringify(c.vars)), ...constValues],
      });
      for (const row of res.rows as Array<{ id: number; result: string }>)
        out.set(row.id, `{"data":${row.result}}`);
    } catch (error) {
      // A failing poll reaches subscribers as an error payload; the subscription keeps running.
      const body = errorBody(mapPgError(error, this.query.statement.text), false);
      for (const c of cohorts) out.set(c.id, body);
    }
    return out;
  }

  /** Live queries: push when changed. Streams: push non-empty batches and move the cursor. */
  private handle(cohort: Cohort, body: string, only?: Subscriber) {
    const targets = only ? [only] : [...cohort.subscribers];
    if (!this.stream || body.startsWith('{"errors"')) {
      for (const s of targets) deliver(s, body);
      return;
    }
    const parsed = JSON.parse(body) as { data: Record<string, Array<Record<string, unknown>>> };
    const rows = parsed.data[this.stream.alias] ?? [];
    if (!rows.length) return;
    const cursor = encodeConst(rows[rows.length - 1]![CURSOR_KEY]);
    for (const r of rows) delete r[CURSOR_KEY];
    const text = JSON.stringify(parsed);
    for (const s of targets) s.push(text);
    this.moveCursor(cohort, cursor);
  }

  private moveCursor(cohort: Cohort, cursor: string | null) {
    this.cohorts.delete(cohort.key);
    cohort.vars = cohort.vars.map((v, i) => (i === this.stream!.slot ? cursor : v));
    cohort.key = JSON.stringify(cohort.vars);
    const same = this.cohorts.get(cohort.key);
    if (!same) {
      this.cohorts.set(cohort.key, cohort);
      return;
    }
    // Two cohorts reached the same cursor: from now on they receive the same batches.
    for (const s of cohort.subscribers) {
      same.subscribers.add(s);
      this.membership.set(s, same);
    }
  }

  /** Adds a subscriber and sends its first result; returns its unsubscribe. */
  async add(vars: Array<string | null>, subscriber: Subscriber): Promise<() => void> {
    let key = JSON.stringify(vars);
    let cohort = this.cohorts.get(key);
    // A new stream subscriber starts its own cohort: its first batch must not move others' cursor.
    if (cohort && this.stream) key = `${key}#${this.nextId}`;
    if (!cohort || this.stream) {
      cohort = { id: this.nextId++, key, vars, subscribers: new Set(), priming: true };
      this.cohorts.set(key, cohort);
    }
    cohort.subscribers.add(subscriber);
    this.membership.set(subscriber, cohort);
    if (!this.timer) this.timer = setInterval(() => void this.tick(), this.interval);
    let first: Map<number, string>;
    try {
      first = await this.run([cohort]);
    } finally {
      cohort.priming = false;
    }
    const current = this.membership.get(subscriber);
    if (current) this.handle(current, first.get(cohort.id)!, this.stream ? undefined : subscriber);
    return () => this.remove(subscriber);
  }

  private remove(subscriber: Subscriber) {
    const cohort = this.membership.get(subscriber);
    if (!cohort) return;
    this.membership.delete(subscriber);
    cohort.subscribers.delete(subscriber);
    if (!cohort.subscribers.size) this.cohorts.delete(cohort.key);
    if (!this.cohorts.size) this.stop();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    clearTimeout(this.wakeTimer);
    this.wakeTimer = undefined;
    this.onEmpty();
  }

  /**
   * This engine committed a write to a table the shape reads: refetch now instead of at the next
   * tick, so that a change reaches the other screens in a fraction of the interval. Wakes are
   * spaced by a quarter of the interval (at most 100 ms), so a burst of writes costs a few
   * refetches, not one each; a write that lands while a refetch runs gets one more after it.
   */
  wake() {
    if (this.wakeTimer || !this.timer) return;
    const gap = Math.min(100, this.interval / 4);
    this.wakeTimer = setTimeout(
      () => {
        this.wakeTimer = undefined;
        if (this.running) this.again = true;
        else void this.tick();
      },
      Math.max(0, this.lastEnd + gap - Date.now()),
    );
  }

  /** One refetch of every cohort, in batches; skipped while the previous one still runs. */
  async tick() {
    if (this.running) return;
    this.running = true;
    this.again = false;
    try {
      const cohorts = [...this.cohorts.values()].filter((cohort) => !cohort.priming);
      for (let i = 0; i < cohorts.length; i += this.batchSize) {
        const batch = cohorts.slice(i, i + this.batchSize);
        const results = await this.run(batch);
        for (const c of batch) {
          const body = results.get(c.id);
          if (body !== undefined && c.subscribers.size) this.handle(c, body);
        }
      }
    } finally {
      this.running = false;
      this.lastEnd = Date.now();
      if (this.again && this.timer) this.wake();
    }
  }
}

/** All live queries of an engine: one poller per query shape (plan). */
export class LiveQueries {
  private readonly pollers = new Map<Plan, Poller>();

  constructor(
    private readonly pool: pg.Pool,
    readonly interval: number,
    /** Cohorts per SQL statement (HASURA_GRAPHQL_LIVE_QUERIES_MULTIPLEXED_BATCH_SIZE). */
    readonly batchSize: number,
    readonly onStatement?: (text: string) => void,
    /** Use a named prepared statement for each query shape. */
    readonly prepare = true,
  ) {}

  /**
   * Adds a subscriber whose variables/session values bind the plan's slots: pushes its first
   * result right away, then changes on every tick. Returns its unsubscribe.
   */
  async subscribe(
    plan: Plan,
    variables: Record<string, unknown>,
    session: Record<string, string>,
    subscriber: Subscriber,
  ): Promise<() => void> {
    let poller = this.pollers.get(plan);
    if (!poller) {
      poller = new Poller(
        plan,
        this.pool,
        this.interval,
        this.batchSize,
        () => this.pollers.delete(plan),
        this.onStatement,
        this.prepare,
      );
      this.pollers.set(plan, poller);
    }
    return poller.add(bindParams(poller.query.slots, boundVariables(plan, variables), session), subscriber);
  }

  /**
   * This engine committed writes to these tables (`schema.table`): the shapes that read one of
   * them refetch now (`Poller.wake`). Writes made elsewhere (the actions service, another
   * replica, psql) are seen at the next tick, as in Hasura.
   */
  wrote(tables: Iterable<string>) {
    const written = new Set(tables);
    if (!written.size) return;
    for (const poller of this.pollers.values())
      if ([...poller.reads].some((table) => written.has(table))) poller.wake();
  }

  /** Number of distinct query shapes being polled (for tests and metrics). */
  get shapes(): number {
    return this.pollers.size;
  }

  close() {
    for (const p of [...this.pollers.values()]) p.stop();
  }
}
