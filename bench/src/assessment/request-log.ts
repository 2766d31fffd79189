import type { Page, Request } from 'playwright-core';
import { operationOf } from './graphql-traffic.ts';

/** Every HTTP request a page makes, in order, for quiet periods and the waterfall of a navigation. */
export class RequestLog {
  readonly requests: Request[] = [];

  constructor(page: Page) {
    page.on('request', (request) => this.requests.push(request));
  }

  /**
   * Resolves once neither this log nor `alsoCount` (other traffic, e.g. socket frames) has grown for
   * `quietMs`, and every request so far has finished.
   */
  async quiet(quietMs: number, alsoCount: () => number = () => 0): Promise<void> {
    for (;;) {
      const before = this.requests.length + alsoCount();
      await Promise.all(this.requests.map((r) => r.response().catch(() => null)));
      await new Promise((resolve) => setTimeout(resolve, quietMs));
      if (this.requests.length + alsoCount() === before) return;
    }
  }
}

/** One request of a navigation: what it was, and when it started and ended (ms from the navigation's start). */
export interface WaterfallEntry {
  what: string;
  start_ms: number;
  end_ms: number | null;
}

/** The requests, as a waterfall in the page's clock (`start`: the navigation's start there). */
export async function waterfall(
  requests: readonly Request[],
  timeOrigin: number,
  start: number,
): Promise<WaterfallEntry[]> {
  const out: WaterfallEntry[] = [];
  for (const request of requests) {
    await request.response().catch(() => null);
    const t = request.timing();
    const { pathname } = new URL(request.url());
    let what = `${request.method()} ${pathname}`;
    if (pathname.startsWith('/v1/graphql') && request.method() === 'POST') {
      const body = request.postDataJSON() as { query?: string; operationName?: string } | null;
      const op = operationOf(body?.query ?? '', body?.operationName);
      what = `GraphQL ${op.kind} ${op.name}`;
    }
    const begin = t.startTime - timeOrigin - start;
    out.push({
      what,
      start_ms: Math.round(begin),
      end_ms: t.responseEnd < 0 ? null : Math.round(begin + t.responseEnd),
    });
  }
  return out;
}
