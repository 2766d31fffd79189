import type { RunInfo } from '../lib/run-info.ts';
import type { Summary } from '../lib/stats.ts';
import type { FanoutResult, FanoutTiming } from './live-fanout.ts';
import type { BenchParams, QueryName } from './queries.ts';

export type Target = 'engine' | 'raw_sql' | 'raw_sql_unprepared' | 'postgraphile';

export interface QueryResult {
  name: QueryName;
  title: string;
  /** Statements the engine sent for one request (the raw SQL target replays exactly these). */
  engine_statements: number;
  /** Statements the engine sends as named prepared statements (once they repeat). */
  engine_prepared_statements: number;
  /** `engine.compile` gave exactly the statements (text and values) the engine's pool sent. */
  compiled_matches_sent: boolean;
  same_result: { raw_sql: boolean | null; postgraphile: boolean };
  sequential: Record<Target, Summary>;
  concurrent_rps: Record<Target, number>;
  ratios: {
    engine_raw_median: number;
    engine_raw_p95: number;
    /** Engine vs the same statements sent unnamed (planned each time): informational. */
    engine_raw_unprepared_median: number;
    engine_postgraphile_median: number;
    engine_postgraphile_p95: number;
  };
}

export interface EngineBenchResult {
  /** The commit and the machine's load (every bench's JSON has it). */
  run: RunInfo;
  date: string;
  machine: { cpus: number; cpu: string; node: string; postgres: string };
  /** The commit measured, and whether packages/engine had uncommitted changes. */
  engine: { commit: string; dirty: boolean };
  data: { practices: number; generated_now: boolean };
  settings: { iterations: number; warmup: number; concurrency: number; rounds: number; live?: FanoutTiming };
  params: BenchParams;
  /** The practice list through the engine: p95 of the sequential requests (target: under 50 ms). */
  list_engine_p95_ms: number;
  queries: QueryResult[];
  live: FanoutResult[];
  targets: Array<{ target: string; measured: string; pass: boolean }>;
}
