import { setTimeout as sleep } from 'node:timers/promises';

/** What the helper needs of a database client (a `pg.Pool`, the test stack's `sql`). */
interface Queryable {
  query<R extends Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * Runs one of the actions service's scheduled jobs now, as if its cron had fired at `at`, and
 * waits until it has finished (test-only; docs/decisions/notifications.md#scheduler). The job is
 * added with graphile-worker's own `add_job` in the database, with the `_cron` payload a cron run
 * carries (`cronTimeOf` reads the time the run is "on"), so whichever actions service runs the
 * scheduler on that database takes it, a child process included (the browser tests' stack). No
 * route: only the database's owner can add a job. Waits for the scheduler's schema first (the
 * scheduler migrates it when it starts). Throws with the job's error when an attempt fails.
 */
export async function runScheduledJob(
  sql: Queryable,
  name: string,
  at: Date,
  options: { timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 20_000);
  const ready = async () =>
    (
      await sql.query<{ ready: boolean }>(
        `select to_regprocedure('graphile_worker.add_job(text,json,text,timestamptz,integer,text,integer,text[],text)') is not null as ready`,
      )
    ).rows[0]?.ready === true;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error('the scheduler has not started: no graphile_worker schema');
    await sleep(100);
  }
  const { rows } = await sql.query<{ id: string }>(
    `select id::text from graphile_worker.add_job($1::text, json_build_object('_cron', json_build_object('ts', $2::text)))`,
    [name, at.toISOString()],
  );
  const id = rows[0]!.id;
  for (;;) {
    const job = (
      await sql.query<{ attempts: number; last_error: string | null }>(
        'select attempts, last_error from graphile_worker.jobs where id = $1::bigint',
        [id],
      )
    ).rows[0];
    // A job that succeeded is deleted.
    if (!job) return;
    if (job.last_error) throw new Error(`the scheduled job ${name} failed: ${job.last_error}`);
    if (Date.now() > deadline) throw new Error(`the scheduled job ${name} did not finish in time`);
    await sleep(100);
  }
}
