/** Latency summary of one measured series (milliseconds). */
export interface Summary {
  n: number;
  median_ms: number;
  p95_ms: number;
  mean_ms: number;
  min_ms: number;
  max_ms: number;
}

const round = (x: number, digits = 3) => Math.round(x * 10 ** digits) / 10 ** digits;

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((s, x) => s + x, 0) / (sorted.length || 1);
  return {
    n: sorted.length,
    median_ms: round(percentile(sorted, 50)),
    p95_ms: round(percentile(sorted, 95)),
    mean_ms: round(mean),
    min_ms: round(sorted[0] ?? Number.NaN),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

export const ratio = (a: number, b: number) => round(a / b, 2);

/** Runs `fn(i)` `iterations` times one after another; returns each duration in ms. */
export async function sequential(iterations: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

/** Runs `total` calls with `inFlight` at a time; returns requests per second. */
export async function concurrent(
  total: number,
  inFlight: number,
  fn: (i: number) => Promise<unknown>,
): Promise<{ rps: number; seconds: number }> {
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < total) {
      const i = next++;
      await fn(i);
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = (performance.now() - started) / 1000;
  return { rps: Math.round(total / seconds), seconds: round(seconds, 2) };
}
