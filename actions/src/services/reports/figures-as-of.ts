import { sql } from '../../db/sql.ts';
import type { Db, Queryable } from '../../plugins/app/db.ts';

/**
 * Where a report reads: who may read it is checked on the primary (a role just taken away is gone
 * there first); its figures come from `figures`, the reports' read replica (REPORTS_DATABASE_URL)
 * when one is configured, else the primary too.
 */
export interface ReportSources {
  primary: Db;
  figures: Db;
}

/**
 * The moment a report's figures reflect, read in its snapshot: now on the primary and on a
 * replica that has applied all it has received; on a replica still applying (or paused), the
 * commit time of the last change it applied. So a report read from a lagging replica says how
 * old its figures are ("Figures as at …"). A replica cut off from the primary has applied all it
 * received and says now: its lag is the monitoring's to report (docs/operations.md).
 */
export async function figuresAsOf(tx: Queryable): Promise<string> {
  const row = await tx.one<{ as_of: Date }>(sql`
    select case
             when not pg_is_in_recovery() then now()
             when pg_last_wal_receive_lsn() is not distinct from pg_last_wal_replay_lsn() then now()
             else coalesce(pg_last_xact_replay_timestamp(), now())
           end as as_of`);
  return row.as_of.toISOString();
}
