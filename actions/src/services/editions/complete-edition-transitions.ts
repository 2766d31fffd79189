import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/**
 * The scheduler's daily step of the transition windows (docs/decisions/editions.md, "The
 * transition window"): each window whose last day is before `day` (YYYY-MM-DD, the portal's day)
 * completes, and its newer edition becomes the current one. Idempotent: a completed window is
 * not completed again. New cycles do not wait for it: the database's rule already gives them the
 * newer edition from the day after the window. Answers the editions made current.
 */
export async function completeEditionTransitions(q: Queryable, day: string): Promise<string[]> {
  const done = await q.many<{ code: string }>(sql`
    select v.code from public.complete_edition_transitions(${day}::date) t
      join public.survey_versions v on v.id = t.to_version_id`);
  return done.map((row) => row.code);
}
