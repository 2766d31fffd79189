import { RateLimiterMemory, RateLimiterQueue, RateLimiterQueueError } from 'rate-limiter-flexible';

/** How much of `/v1/graphql` one caller (a user, or an anonymous address) gets. */
export interface FairShareLimits {
  /**
   * Requests of one caller forwarded at once; the rest wait their turn. 6 is what one browser
   * sends at once to an origin over HTTP/1.1, so a person's tab never waits here.
   */
  concurrency: number;
  /** Requests of one caller that may wait for their turn; one more is refused (429). */
  queue: number;
  /** How long a request may wait for its turn before it is refused (429). */
  waitMs: number;
  /**
   * Requests of one caller per `windowSeconds`; the ones over it wait for the next window (up to
   * `queue` of them), so a burst is slowed rather than refused.
   */
  rate: number;
  windowSeconds: number;
}

export const DEFAULT_FAIR_SHARE: FairShareLimits = {
  concurrency: 6,
  queue: 100,
  waitMs: 15_000,
  // 20 a second on average: the app sends a handful per screen, a replay of offline edits one at a time.
  rate: 200,
  windowSeconds: 10,
};

/** What one caller has at the gateway (see `FairShare.load`). */
export interface CallerLoad {
  running: number;
  waiting: number;
  early: number;
}

/** Admission to `/v1/graphql`: release it when the answer is over. */
export type Ticket = { release(): void } | { refused: { message: string; retryAfterSeconds: number } };

interface Line {
  running: number;
  waiting: Array<{ go: () => void; cancel: () => void }>;
}

/**
 * Each caller's fair share of the engine at the gateway: at most `concurrency` requests forwarded
 * at once and `rate` a window (rate-limiter-flexible's in-memory limiter and queue), the rest
 * waiting in the caller's own line; a line that is full, or a wait that is too long, is answered
 * 429 with Retry-After. One caller's flood waits in its own line: everyone else's requests are
 * forwarded at once.
 */
export class FairShare {
  private readonly lines = new Map<string, Line>();
  /** Requests of each caller held back for the next window of the rate. */
  private readonly early = new Map<string, number>();
  private readonly limiter: RateLimiterMemory;
  private readonly rateQueue: RateLimiterQueue;

  constructor(readonly limits: FairShareLimits = DEFAULT_FAIR_SHARE) {
    this.limiter = new RateLimiterMemory({ points: limits.rate, duration: limits.windowSeconds });
    this.rateQueue = new RateLimiterQueue(this.limiter, { maxQueueSize: limits.queue });
  }

  /** Waits for `key`'s turn; `signal` (the client went away) gives the place up. */
  async admit(key: string, signal: AbortSignal): Promise<Ticket> {
    this.early.set(key, (this.early.get(key) ?? 0) + 1);
    try {
      await this.rateQueue.removeTokens(1, key);
    } catch (error) {
      if (!(error instanceof RateLimiterQueueError)) throw error;
      const state = await this.limiter.get(key);
      return this.refuse(
        `too many requests: at most ${this.limits.rate} every ${this.limits.windowSeconds} s from one user`,
        (state?.msBeforeNext ?? this.limits.windowSeconds * 1000) / 1000,
      );
    } finally {
      const left = (this.early.get(key) ?? 1) - 1;
      if (left) this.early.set(key, left);
      else this.early.delete(key);
    }
    let line = this.lines.get(key);
    if (!line) {
      line = { running: 0, waiting: [] };
      this.lines.set(key, line);
    }
    if (line.running < this.limits.concurrency) {
      line.running += 1;
      return this.ticket(key, line);
    }
    if (line.waiting.length >= this.limits.queue)
      return this.refuse(
        `too many requests at once: at most ${this.limits.concurrency} at a time and ${this.limits.queue} waiting from one user`,
        1,
      );
    const current = line;
    const turn = await new Promise<boolean>((resolve) => {
      const place = {
        go: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', leave);
          resolve(true);
        },
        cancel: () => {
          clearTimeout(timer);
          signal.removeEventListener('abort', leave);
          const at = current.waiting.indexOf(place);
          if (at >= 0) current.waiting.splice(at, 1);
          resolve(false);
        },
      };
      const leave = () => place.cancel();
      const timer = setTimeout(leave, this.limits.waitMs);
      signal.addEventListener('abort', leave);
      current.waiting.push(place);
    });
    if (!turn)
      return this.refuse(
        `too many requests at once: waited ${this.limits.waitMs / 1000} s for one of the ${this.limits.concurrency} a user may have running`,
        Math.ceil(this.limits.waitMs / 1000),
      );
    // The slot was handed over by the request that finished (`running` unchanged).
    return this.ticket(key, current);
  }

  /**
   * `key`'s requests being forwarded, waiting for one of those places, and waiting for the rate's
   * next window (the last count includes ones still being checked against the rate).
   */
  load(key: string): CallerLoad {
    const line = this.lines.get(key);
    return {
      running: line?.running ?? 0,
      waiting: line?.waiting.length ?? 0,
      early: this.early.get(key) ?? 0,
    };
  }

  private ticket(key: string, line: Line): Ticket {
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        const next = line.waiting.shift();
        if (next) next.go();
        else {
          line.running -= 1;
          if (line.running === 0 && !line.waiting.length) this.lines.delete(key);
        }
      },
    };
  }

  private refuse(message: string, seconds: number): Ticket {
    return { refused: { message, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) } };
  }
}
