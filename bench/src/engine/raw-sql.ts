import pg from 'pg';
import type { CapturedStatement } from './engine-server.ts';

/**
 * The engine's SQL replayed with `pg`: statements sent on one pool checkout run in order on one
 * connection (a mutation's BEGIN … COMMIT), separate checkouts run in parallel (the root fields
 * of a query), as the engine sends them, named prepared statements included. With `unprepared`
 * the same text and values go as unnamed statements (planned on every execution).
 */
export class RawSql {
  readonly pool: pg.Pool;

  constructor(databaseUrl: string, poolSize = 20) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    this.pool.on('error', () => {});
  }

  /** Groups captured statements by checkout, keeping their order. */
  static sessions(statements: CapturedStatement[]): CapturedStatement[][] {
    const groups = new Map<number, CapturedStatement[]>();
    for (const s of statements) {
      const g = groups.get(s.checkout) ?? [];
      g.push(s);
      groups.set(s.checkout, g);
    }
    return [...groups.values()];
  }

  /**
   * Replays the sessions once; resolves with the rows of each statement. A `root` JSON text
   * column is parsed, as the GraphQL client parses its response: both hand the caller objects.
   */
  async run(sessions: CapturedStatement[][], unprepared = false): Promise<unknown[][]> {
    const config = (s: CapturedStatement) =>
      s.name && !unprepared
        ? { name: s.name, text: s.text, values: s.values }
        : { text: s.text, values: s.values };
    const results = await Promise.all(
      sessions.map(async (session) => {
        if (session.length === 1) {
          const s = session[0]!;
          return [(await this.pool.query(config(s))).rows];
        }
        const client = await this.pool.connect();
        try {
          const out: unknown[][] = [];
          for (const s of session) out.push((await client.query(config(s))).rows);
          return out;
        } finally {
          client.release();
        }
      }),
    );
    const rows = results.flat() as Array<Array<Record<string, unknown>>>;
    for (const r of rows) if (typeof r[0]?.root === 'string') r[0].root = JSON.parse(r[0].root);
    return rows;
  }

  close() {
    return this.pool.end();
  }
}
