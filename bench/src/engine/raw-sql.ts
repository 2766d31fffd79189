import type { CompiledRequest } from '@portal/engine';
import pg from 'pg';

/** One statement to replay: text, bound values, and the prepared-statement name the engine uses. */
export interface ReplayStatement {
  name?: string;
  text: string;
  values: unknown[];
}

/** Statements sent on one connection, in order; `field` is the query root field it answers. */
export interface ReplaySession {
  field?: string;
  statements: ReplayStatement[];
}

/**
 * The engine's SQL replayed with `pg`, from `engine.compile` (the statements, bound values and
 * prepared-statement names the engine sends): each query root field on its own connection, in
 * parallel, as the engine sends them; a mutation's BEGIN … fields … COMMIT in order on one
 * connection. With `unprepared` the same text and values go as unnamed statements (planned on
 * every execution).
 */
export class RawSql {
  readonly pool: pg.Pool;

  constructor(databaseUrl: string, poolSize = 20) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
    this.pool.on('error', () => {});
  }

  /** The sessions a compiled request sends. */
  static sessions(compiled: CompiledRequest): ReplaySession[] {
    const replay = (s: { sql: string; params: unknown[]; name?: string; runtime?: string[] }) => {
      if (s.runtime) throw new Error(`cannot replay a statement with runtime values: ${s.sql.slice(0, 80)}`);
      return { ...(s.name ? { name: s.name } : {}), text: s.sql, values: s.params };
    };
    const unknown = compiled.fields.find((f) => f.statements === null);
    if (unknown) throw new Error(`${unknown.field}: its statements are only known while it runs`);
    if (compiled.operation === 'query')
      return compiled.fields
        .filter((f) => f.statements!.length)
        .map((f) => ({ field: f.field, statements: f.statements!.map(replay) }));
    if (compiled.operation === 'mutation')
      return [
        {
          statements: [
            ...compiled.transaction!.begin,
            ...compiled.fields.flatMap((f) => f.statements!),
            ...compiled.transaction!.commit,
          ].map(replay),
        },
      ];
    throw new Error('subscriptions are not replayed');
  }

  /**
   * Replays the sessions once; resolves with the rows of each statement. A `root` JSON text
   * column is parsed, as the GraphQL client parses its response: both hand the caller objects
   * (unless `parse` is false: the load bench's HTTP client does not parse the answers either).
   */
  async run(sessions: ReplaySession[], unprepared = false, parse = true): Promise<unknown[][]> {
    const config = (s: ReplayStatement) =>
      s.name && !unprepared
        ? { name: s.name, text: s.text, values: s.values }
        : { text: s.text, values: s.values };
    const results = await Promise.all(
      sessions.map(async ({ statements }) => {
        if (statements.length === 1) {
          const s = statements[0]!;
          return [(await this.pool.query(config(s))).rows];
        }
        const client = await this.pool.connect();
        try {
          const out: unknown[][] = [];
          for (const s of statements) out.push((await client.query(config(s))).rows);
          return out;
        } finally {
          client.release();
        }
      }),
    );
    const rows = results.flat() as Array<Array<Record<string, unknown>>>;
    if (parse) for (const r of rows) if (typeof r[0]?.root === 'string') r[0].root = JSON.parse(r[0].root);
    return rows;
  }

  /**
   * Runs each named query statement of the requests `runs` times on each of the pool's connections at
   * once, as a long-running engine's pooled connections have: PostgreSQL keeps a prepared
   * statement's plan per connection and weighs a generic plan only after five runs on it, so a
   * connection opened during a timed run would otherwise plan each statement anew.
   */
  async warmEveryConnection(requests: ReplaySession[][], runs = 6): Promise<void> {
    // One of each prepared query statement (other users' requests share its text and name); a
    // mutation's statements are left alone, they would write.
    const byName = new Map<string, ReplayStatement>();
    for (const sessions of requests)
      for (const session of sessions.filter((s) => s.field !== undefined))
        for (const s of session.statements) if (s.name && !byName.has(s.name)) byName.set(s.name, s);
    const named = [...byName.values()];
    if (!named.length) return;
    const clients = await Promise.all(
      Array.from({ length: this.pool.options.max }, () => this.pool.connect()),
    );
    try {
      await Promise.all(
        clients.map(async (client) => {
          for (let i = 0; i < runs * named.length; i++) {
            const s = named[i % named.length]!;
            await client.query({ name: s.name, text: s.text, values: s.values });
          }
        }),
      );
    } finally {
      for (const client of clients) client.release();
    }
  }

  close() {
    return this.pool.end();
  }
}
