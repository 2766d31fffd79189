import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

type Incr = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Counts one hit of `key` in its window and returns the count and the milliseconds left. A window
 * starts at the first hit and is replaced by a new one at the first hit after it ended; one
 * statement, so hits on several replicas at once are all counted.
 */
const COUNT_HIT = `
  insert into public.rate_limit_hits as h (key, hits, window_ends_at)
  values ($1, 1, clock_timestamp() + $2 * interval '1 millisecond')
  on conflict (key) do update set
    hits = case when h.window_ends_at <= clock_timestamp() then 1 else h.hits + 1 end,
    window_ends_at = case when h.window_ends_at <= clock_timestamp() then excluded.window_ends_at
                          else h.window_ends_at end
  returning hits, greatest(0, ceil(extract(epoch from window_ends_at - clock_timestamp()) * 1000))::int as ttl`;

/**
 * @fastify/rate-limit's store in PostgreSQL (`public.rate_limit_hits`), so a flood limit counts a
 * client's requests across every replica of the actions service, not per process. Each limit
 * names itself (`groupId`), which keeps its counters apart from another limit's on the same key.
 */
export function postgresRateLimitStore(pool: pg.Pool): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    private readonly limit: string;
    constructor(options: { groupId?: string } = {}) {
      this.limit = options.groupId ?? '';
    }

    incr(key: string, done: Incr, timeWindow: number) {
      pool.query<{ hits: number; ttl: number }>(COUNT_HIT, [`${this.limit}:${key}`, timeWindow]).then(
        ({ rows }) => done(null, { current: rows[0]!.hits, ttl: rows[0]!.ttl }),
        (error: Error) => done(error),
      );
    }

    // The limit's own options arrive here (the library's type says a route's).
    child(options: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const { groupId } = options as { groupId?: string };
      if (!groupId) throw new Error('every rate limit names itself with a groupId');
      return new PostgresRateLimitStore({ groupId });
    }
  };
}
