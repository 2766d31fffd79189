import type pg from 'pg';
import type { Plan } from '../compile/plan.ts';
import { errorBody } from '../engine/engine.ts';
import { bindParams } from '../exec/executor.ts';
import { mapPgError } from '../exec/pg-errors.ts';
import { type MultiplexedQuery, multiplex } from './multiplex.ts';

/** Something that receives live query results (a WebSocket operation). */
export interface Subscriber {
  /** Called with the `{"data":...}` (or `{"errors":...}`) JSON text when the result changed. */
  push(result: string): void;
  /** The last result this subscriber received. */
  last?: string;
}

interface Cohort {
  id: number;
  vars: Array<string | null>;
  subscribers: Set<Subscriber>;
}

/** Re-runs one query shape for all its cohorts on every tick, one SQL per batch of 100 cohorts. */
class Poller {
  readonly query: MultiplexedQuery;
  readonly cohorts = new Map<string, Cohort>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private nextId = 1;

  constructor(
    plan: Plan,
    private readonly pool: pg.Pool,
    private readonly interval: number,
    private readonly batchSize: number,
    private readonly onEmpty: () => void,
    private readonly onStatement?: (text: string) => void,
  ) {
    this.query = multiplex(plan);
  }

  /** Runs the statement for a single cohort (a new subscriber's first result). */
  async fetchOne(vars: Array<string | null>): Promise<string> {
    const constValues = bindParams(this.query.statement.params, {}, {});
    this.onStatement?.(this.query.statement.text);
    try {
      const res = await this.pool.query({
        text: this.query.statement.text,
        values: [[0], [JSON.stringify(vars)], ...constValues],
      });
      return `{"data":${res.rows[0].result}}`;
    } catch (error) {
      return errorBody(mapPgError(error, this.query.statement.text), false);
    }
  }

  add(vars: Array<string | null>, subscriber: Subscriber): () => void {
    const key = JSON.stringify(vars);
    let cohort = this.cohorts.get(key);
    if (!cohort) {
      cohort = { id: this.nextId++, vars, subscribers: new Set() };
      this.cohorts.set(key, cohort);
    }
    cohort.subscribers.add(subscriber);
    if (!this.timer) this.timer = setInterval(() => void this.tick(), this.interval);
    const c = cohort;
    return () => {
      c.subscribers.delete(subscriber);
      if (!c.subscribers.size) this.cohorts.delete(key);
      if (!this.cohorts.size) this.stop();
    };
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.onEmpty();
  }

  /** One refetch: every cohort, in batches; a message only to subscribers whose result changed. */
  async tick() {
    if (this.running) return;
    this.running = true;
    try {
      const cohorts = [...this.cohorts.values()];
      for (let i = 0; i < cohorts.length; i += this.batchSize) {
        const batch = cohorts.slice(i, i + this.batchSize);
        const byId = new Map(batch.map((c) => [c.id, c]));
        const constValues = bindParams(this.query.statement.params, {}, {});
        let rows: Array<{ id: number; result: string }>;
        try {
          this.onStatement?.(this.query.statement.text);
          const res = await this.pool.query({
            text: this.query.statement.text,
            values: [batch.map((c) => c.id), batch.map((c) => JSON.stringify(c.vars)), ...constValues],
          });
          rows = res.rows;
        } catch (error) {
          const body = errorBody(mapPgError(error, this.query.statement.text), false);
          for (const c of batch) for (const s of c.subscribers) deliver(s, body);
          continue;
        }
        for (const row of rows) {
          const cohort = byId.get(row.id);
          if (!cohort) continue;
          const body = `{"data":${row.result}}`;
          for (const s of cohort.subscribers) deliver(s, body);
        }
      }
    } finally {
      this.running = false;
    }
  }
}

function deliver(s: Subscriber, body: string) {
  if (s.last === body) return;
  s.last = body;
  s.push(body);
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
      );
      this.pollers.set(plan, poller);
    }
    const vars = bindParams(poller.query.slots, variables, session);
    const stop = poller.add(vars, subscriber);
    deliver(subscriber, await poller.fetchOne(vars));
    return stop;
  }

  /** Number of distinct query shapes being polled (for tests and metrics). */
  get shapes(): number {
    return this.pollers.size;
  }

  close() {
    for (const p of [...this.pollers.values()]) p.stop();
  }
}
