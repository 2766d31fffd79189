import type { TPracticeRole, TReportName, TReportViewer } from '@portal/domain';
import { canOpenReport } from '@portal/domain';
import { type SqlQuery, sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';

/** The caller as `canOpenReport` sees them: the session's back-office role, their practice roles. */
export async function loadReportViewer(db: Queryable, caller: Caller): Promise<TReportViewer> {
  if (caller.backOfficeRole !== null) return { backOfficeRole: caller.backOfficeRole };
  const roles = await db.many<{ role: TPracticeRole }>(sql`
    select distinct pu.role from public.practice_users pu
      join public.practices p on p.organisation_id = pu.practice_id
     where pu.user_id = ${caller.userId} and pu.active and p.active_status = 'ACTIVE'`);
  return { backOfficeRole: null, practiceRoles: roles.map((row) => row.role) };
}

/** Refuses (403 with `message`) unless the caller may open the report. */
export async function requireReport(
  db: Queryable,
  caller: Caller,
  report: TReportName,
  message: string,
): Promise<void> {
  if (!canOpenReport(report, await loadReportViewer(db, caller)))
    throw new AppError('forbidden', { message });
}

/**
 * The practices (`practice` a column of organisation ids) the caller may read: every one for the
 * back office; for others those they hold an active role on, as the `practices` select
 * permission of the role user says.
 */
export function readablePractice(caller: Caller, practice: SqlQuery): SqlQuery {
  if (caller.backOfficeRole !== null) return sql`true`;
  return sql`exists (select 1 from public.practice_users pu
                      where pu.practice_id = ${practice} and pu.user_id = ${caller.userId} and pu.active)`;
}
