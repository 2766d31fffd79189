import pg from 'pg';
import WebSocket from 'ws';
import { type Summary, summarize } from '../lib/stats.ts';
import type { BenchEngine } from './engine-server.ts';
import { LIVE_QUERY } from './queries.ts';

/** Result of one fan-out scenario. */
export interface FanoutResult {
  scenario: string;
  subscribers: number;
  distinct_variables: number;
  refetch_interval_ms: number;
  seconds_observed: number;
  ticks: number;
  /** Statements the engine's pool sent during the window, per refetch tick. */
  statements_per_tick: number;
  /** Database-side check: committed transactions in the bench database per tick (±1 from stats flush timing). */
  db_xacts_per_tick: number;
  /** From the row change (committed by the bench) to each subscriber's updated result. */
  update_latency: Summary;
  updates: number;
}

interface Subscriber {
  socket: WebSocket;
  /** Resolves when the next `next` message whose `is_amds` equals the wanted value arrives. */
  waitFor(value: boolean): Promise<number>;
  ready: Promise<void>;
}

function subscribe(url: string, adminSecret: string, id: number): Subscriber {
  const socket = new WebSocket(url, 'graphql-transport-ws');
  let last: boolean | undefined;
  let waiter: { value: boolean; resolve: (t: number) => void } | undefined;
  let firstResolve!: () => void;
  const ready = new Promise<void>((resolve, reject) => {
    firstResolve = resolve;
    socket.once('error', reject);
  });
  socket.on('open', () =>
    socket.send(
      JSON.stringify({
        type: 'connection_init',
        payload: { headers: { 'x-hasura-admin-secret': adminSecret } },
      }),
    ),
  );
  socket.on('message', (data) => {
    const msg = JSON.parse(data.toString()) as {
      type: string;
      payload?: { data?: Record<string, { is_amds: boolean } | null> };
    };
    if (msg.type === 'connection_ack')
      socket.send(
        JSON.stringify({ type: 'subscribe', id: '1', payload: { query: LIVE_QUERY, variables: { id } } }),
      );
    else if (msg.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
    else if (msg.type === 'next') {
      last = msg.payload?.data?.practices_by_pk?.is_amds;
      firstResolve();
      if (waiter && waiter.value === last) {
        waiter.resolve(performance.now());
        waiter = undefined;
      }
    } else if (msg.type === 'error' || msg.type === 'connection_error') {
      throw new Error(`subscription failed: ${JSON.stringify(msg)}`);
    }
  });
  return {
    socket,
    ready,
    waitFor: (value) =>
      last === value
        ? Promise.resolve(performance.now())
        : new Promise((resolve) => (waiter = { value, resolve })),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function committedTransactions(admin: pg.Client): Promise<number> {
  const res = await admin.query<{ n: string }>(
    'select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()',
  );
  return Number(res.rows[0]!.n);
}

/** How long a fan-out scenario watches and how much it changes (`npm run bench -- engine`'s --live-* options). */
export interface FanoutTiming {
  /** The refetch interval the engine was started with (ms). */
  interval: number;
  /** Refetch ticks during which the statements are counted while nothing changes (15). */
  observeTicks: number;
  /** Row changes whose pushes are timed (5). */
  updates: number;
  /**
   * Quiet time before the count (11,000 ms): PostgreSQL flushes an idle backend's statistics after
   * 10 s, so the database-side count (`db_xacts_per_tick`) is exact only after it; with less, only
   * the engine's own count (`statements_per_tick`) is. The wait for the last flush after the count
   * is the smaller of this and 1,200 ms.
   */
  settleMs: number;
}

/**
 * `subscribers` graphql-transport-ws clients (one socket each) on one live query: with the same
 * practice id (`ids` of length 1) or each its own id. Counts the SQL per refetch tick while
 * nothing changes, then changes the rows `updates` times and times each subscriber's push.
 */
export async function runFanout(
  bench: BenchEngine,
  databaseUrl: string,
  scenario: string,
  ids: number[],
  subscribers: number,
  { interval, observeTicks, updates, settleMs }: FanoutTiming,
): Promise<FanoutResult> {
  const subs: Subscriber[] = [];
  const idOf = (i: number) => ids[i % ids.length]!;
  for (let i = 0; i < subscribers; i++) subs.push(subscribe(bench.wsUrl, bench.adminSecret, idOf(i)));
  await Promise.all(subs.map((s) => s.ready));
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    // Let the subscribe-time first results settle, and every idle backend flush its pending
    // statistics (PostgreSQL flushes an idle backend's counters after 10 s), then observe.
    await sleep(settleMs);
    const statements0 = bench.statements;
    const xacts0 = await committedTransactions(admin);
    const t0 = performance.now();
    await sleep(interval * observeTicks);
    const seconds = (performance.now() - t0) / 1000;
    const statements = bench.statements - statements0;
    // Backends flush their statistics at most once a second: wait for the last flush.
    await sleep(Math.min(1200, settleMs));
    const xacts = (await committedTransactions(admin)) - xacts0 - 1;
    const ticks = Math.round((seconds * 1000) / interval);

    const distinct = [...new Set(ids)];
    const latencies: number[] = [];
    for (let u = 0; u < updates; u++) {
      const current = await admin.query<{ v: boolean }>(
        'select is_amds as v from public.practices where organisation_id = $1',
        [distinct[0]],
      );
      const value = !current.rows[0]!.v;
      // Waiters first, so a push that beats the UPDATE's return is still seen.
      const arrivals = subs.map((s) => s.waitFor(value));
      await admin.query('update public.practices set is_amds = $1 where organisation_id = any($2::int[])', [
        value,
        distinct,
      ]);
      const changed = performance.now();
      for (const t of await Promise.all(arrivals)) latencies.push(Math.max(0, t - changed));
      // Vary the change's phase against the refetch timer (golden-ratio steps over the interval).
      await sleep(interval * ((u * 0.618 + 0.1) % 1));
    }
    return {
      scenario,
      subscribers,
      distinct_variables: distinct.length,
      refetch_interval_ms: interval,
      seconds_observed: Math.round(seconds * 100) / 100,
      ticks,
      statements_per_tick: Math.round((statements / ticks) * 100) / 100,
      db_xacts_per_tick: Math.round((xacts / ticks) * 100) / 100,
      update_latency: summarize(latencies),
      updates,
    };
  } finally {
    await admin.end();
    for (const s of subs) s.socket.close();
    await sleep(100);
  }
}
