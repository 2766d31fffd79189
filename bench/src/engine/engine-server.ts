import { createEngine, type Engine } from '@portal/engine';
import type pg from 'pg';
import { PROJECT_DIR } from '../data/scale-database.ts';

/** One statement the engine sent, with the pool checkout it was sent on. */
export interface CapturedStatement {
  checkout: number;
  /** Set when the engine sent it as a named prepared statement. */
  name?: string;
  text: string;
  values: unknown[];
}

/** The engine served over HTTP in this process, with a tap on every statement its pool sends. */
export interface BenchEngine {
  engine: Engine;
  url: string;
  wsUrl: string;
  adminSecret: string;
  /** Statements sent by the engine's pool since start (live-query pollers included). */
  readonly statements: number;
  /** Runs `fn` and returns the statements the engine's pool sent meanwhile, in order. */
  capture(fn: () => Promise<unknown>): Promise<CapturedStatement[]>;
  close(): Promise<void>;
}

const TAPPED = Symbol('bench-tapped');

/**
 * Starts `createEngine` on the hasura/ project and listens on a free port. Every client the
 * engine's pool hands out gets its `query` wrapped once: not to learn the SQL (the raw-SQL target
 * replays `engine.compile`), but to measure what the pool really sends: the check that
 * `engine.compile` matches it, and the statements per refetch tick of the live-query fan-out.
 */
export async function startBenchEngine(databaseUrl: string, refetchIntervalMs: number): Promise<BenchEngine> {
  const adminSecret = 'bench-admin-secret';
  const engine = await createEngine({
    projectDir: PROJECT_DIR,
    databaseUrl,
    adminSecret,
    refetchIntervalMs,
    env: { ...process.env },
  });
  const port = await engine.listen(0, '127.0.0.1');
  let count = 0;
  let checkouts = 0;
  let sink: CapturedStatement[] | undefined;
  const pool = engine.core.executor.pool;
  pool.on('acquire', (client: pg.PoolClient & { [TAPPED]?: number }) => {
    checkouts++;
    if (client[TAPPED] !== undefined) {
      client[TAPPED] = checkouts;
      return;
    }
    client[TAPPED] = checkouts;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      count++;
      if (sink) {
        const [first, second] = args;
        const text = typeof first === 'string' ? first : (first as { text: string }).text;
        const name = typeof first === 'string' ? undefined : (first as { name?: string }).name;
        const values =
          typeof first === 'string'
            ? Array.isArray(second)
              ? second
              : []
            : ((first as { values?: unknown[] }).values ?? []);
        sink.push({ checkout: client[TAPPED]!, ...(name ? { name } : {}), text, values });
      }
      return query(...args);
    };
  });
  return {
    engine,
    url: `http://127.0.0.1:${port}/v1/graphql`,
    wsUrl: `ws://127.0.0.1:${port}/v1/graphql`,
    adminSecret,
    get statements() {
      return count;
    },
    async capture(fn) {
      const out: CapturedStatement[] = [];
      sink = out;
      try {
        await fn();
      } finally {
        sink = undefined;
      }
      return out;
    },
    close: () => engine.close(),
  };
}
