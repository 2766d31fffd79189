import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * Records one status change of an assessment in `assessment_status_changes` (who, when, why and
 * what was decided), in the transaction of the change itself: `moved` is what `transition()`
 * answered for the assessment.
 */
export async function recordStatusChange(
  tx: Queryable,
  moved: { id: number; from: string; status: string },
  change: { byId: number; reason: string | null; detail: Record<string, unknown> },
): Promise<number> {
  const row = await tx.one<{ id: number }>(sql`
    insert into public.assessment_status_changes (assessment_id, from_status, to_status, changed_by_id, reason, detail)
    values (${moved.id}, ${moved.from}, ${moved.status}, ${change.byId}, ${change.reason},
            ${JSON.stringify(change.detail)}::jsonb)
    returning id`);
  return row.id;
}
