import type { TSurveySubmitIndicator, TVisitType } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { AssessmentRow } from './assessment-access.ts';
import { loadChecklistItems, loadResponses } from './assessment-responses.ts';

/**
 * What `surveySubmitProblems` needs, read in the caller's transaction: every indicator the
 * assessment covers (its survey version's STANDARDS sets) in screen order with its stored response
 * (null when none), the visit's type, the caller's own surveyor summary (non-archived), and every
 * other surveyor's that must be there (spec 001 §5): each other live summary, and each other
 * visitor with a live submission (text null when they have none).
 */
export async function loadSurveySubmitInput(tx: Queryable, assessment: AssessmentRow, userId: number) {
  const indicators = await tx.many<{ id: number; code: string }>(sql`
    select i.id, i.code
      from public.indicators i
      join public.indicator_sets s on s.id = i.indicator_set_id
     where s.survey_version_id = ${assessment.survey_version_id} and s.type = 'STANDARDS'
     order by s.sort_order, s.id, i.sort_order, i.id`);
  const responses = new Map((await loadResponses(tx, assessment.id)).map((r) => [r.indicator_id, r]));
  const items = await loadChecklistItems(tx, assessment);
  const visit = await tx.one<{ type: TVisitType }>(
    sql`select type from public.survey_visits where id = ${assessment.survey_visit_id}`,
  );
  const summary = await tx.maybeOne<{ text: string }>(sql`
    select text from public.general_comments
     where assessment_id = ${assessment.id} and user_id = ${userId} and not archived`);
  const otherSummaries = await tx.many<{ userId: number; name: string; text: string | null }>(sql`
    select u.id as "userId", trim(concat_ws(' ', u.first_name, u.last_name)) as name, g.text
      from (select g.user_id from public.general_comments g
             where g.assessment_id = ${assessment.id} and not g.archived and g.user_id <> ${userId}
            union
            select s.user_id from public.assessment_submissions s
             where s.assessment_id = ${assessment.id} and s.withdrawn_at is null and s.user_id <> ${userId}) who
      join public.users u on u.id = who.user_id
      left join public.general_comments g
        on g.assessment_id = ${assessment.id} and g.user_id = who.user_id and not g.archived
     order by name, u.id`);
  return {
    visitType: visit.type,
    otherSummaries,
    indicators: indicators.map(
      (i): TSurveySubmitIndicator => ({
        id: i.id,
        code: i.code,
        items: items.get(i.id) ?? [],
        response: responses.get(i.id) ?? null,
      }),
    ),
    summary: summary ?? null,
  };
}
