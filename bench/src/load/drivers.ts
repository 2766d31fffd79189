import autocannon from 'autocannon';
import type { RawSql, ReplaySession } from '../engine/raw-sql.ts';
import { percentile } from '../lib/stats.ts';

/** Throughput and latency of one target at one concurrency. */
export interface LoadFigures {
  requests: number;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  max_ms: number;
  /** Answers that were not data: HTTP status other than 200, a GraphQL `errors` body, a thrown query. */
  errors: number;
}

const round = (x: number, digits = 1) => Math.round(x * 10 ** digits) / 10 ** digits;

function figures(latencies: number[], seconds: number, errors: number): LoadFigures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    rps: round(sorted.length / seconds, 0),
    p50_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    p99_ms: round(percentile(sorted, 99)),
    max_ms: round(sorted.at(-1) ?? Number.NaN),
    errors,
  };
}

/** One GraphQL request of a workload; its body and headers may vary by connection and turn. */
export interface WorkloadStep {
  body(connection: number, turn: number): string;
  /** Who sends it (a user's token, or the admin secret). */
  headers(connection: number, turn: number): Record<string, string>;
}

/**
 * `connections` HTTP/1.1 keep-alive connections (autocannon), each sending the workload's steps in
 * turn, one at a time, for `seconds`; every answer's time is kept (autocannon's own histogram has
 * no p95).
 */
export async function runHttp(
  url: string,
  steps: WorkloadStep[],
  connections: number,
  seconds: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  let nextConnection = 0;
  let finished!: (result: autocannon.Result) => void;
  let failed!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const options: autocannon.Options = {
    url,
    connections,
    duration: seconds,
    pipelining: 1,
    // A request that takes longer than this counts as an error (autocannon's default is 10 s).
    timeout: 30,
    requests: steps.map((step) => ({
      method: 'POST' as const,
      path: new URL(url).pathname,
      // As Chromium sends it: the gateway compresses answers of 1 KiB and more (Brotli here).
      headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br, zstd' },
      setupRequest: (request: autocannon.Request, context: object) => {
        const c = context as { connection?: number; turn?: number };
        c.connection ??= nextConnection++;
        c.turn = (c.turn ?? 0) + 1;
        return {
          ...request,
          headers: { ...request.headers, ...step.headers(c.connection, c.turn) },
          body: step.body(c.connection, c.turn),
        };
      },
      // A GraphQL error answer is under 1 KiB, so it comes as it is and reads here (a compressed
      // answer's bytes reach this callback as mangled text).
      onResponse: (status: number, body: string) => {
        if (status !== 200 || body.startsWith('{"errors"')) errors++;
      },
    })),
  };
  const instance = autocannon(options, (error, result) => (error ? failed(error) : finished(result)));
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await done;
  errors += result.errors;
  return figures(latencies, seconds, errors);
}

/**
 * The same statements sent straight to PostgreSQL (`RawSql`, as `engine.compile` gives them):
 * `concurrency` loops, each sending a workload step's statements and waiting for the rows before
 * the next, for `seconds`; the pool holds at most `poolSize` connections.
 */
export async function runRawSql(
  raw: RawSql,
  steps: Array<(connection: number, turn: number) => ReplaySession[]>,
  concurrency: number,
  seconds: number,
): Promise<LoadFigures> {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, connection) => {
      for (let turn = 1; performance.now() < deadline; turn++) {
        const sessions = steps[(turn - 1) % steps.length]!(connection, turn);
        const started = performance.now();
        try {
          await raw.run(sessions, false, false);
          latencies.push(performance.now() - started);
        } catch {
          errors++;
        }
      }
    }),
  );
  return figures(latencies, seconds, errors);
}
