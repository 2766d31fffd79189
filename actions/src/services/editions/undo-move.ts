import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { requireMover } from './move-assessments.ts';

type App = Pick<FastifyInstance, 'db'>;

/**
 * Whether anyone has touched the copy a move made since (every row the move wrote carries the
 * move's time; anything else is someone's work): a changed or added response, comment, summary,
 * signature, document, lock, action plan activity or submission, or the assessment itself.
 */
export async function copyEdited(
  q: Queryable,
  move: { id: number; to: number; at: string },
): Promise<boolean> {
  const row = await q.one<{ edited: boolean }>(sql`
    with responses as (select id, created_at, updated_at from public.indicator_responses where assessment_id = ${move.to})
    select
      exists (select 1 from public.assessments where id = ${move.to} and updated_at <> ${move.at}::timestamptz)
      or exists (select 1 from responses where updated_at <> ${move.at}::timestamptz or created_at <> ${move.at}::timestamptz)
      or exists (select 1 from public.comments c join responses r on r.id = c.indicator_response_id
                  where c.updated_at <> ${move.at}::timestamptz)
      or exists (select 1 from public.documents d join responses r on r.id = d.indicator_response_id
                  where d.id not in (select document_id from public.assessment_move_documents where move_id = ${move.id})
                     or d.archived)
      or exists (select 1 from public.action_plan_activities x join responses r on r.id = x.indicator_response_id)
      or exists (select 1 from public.indicator_locks where assessment_id = ${move.to})
      or exists (select 1 from public.general_comments where assessment_id = ${move.to} and updated_at <> ${move.at}::timestamptz)
      or exists (select 1 from public.assessment_submissions where assessment_id = ${move.to})
      or (select count(*) from public.confidentiality_signs where assessment_id = ${move.to})
         <> (select count(*) from public.confidentiality_signs s join public.assessment_moves m on m.from_assessment_id = s.assessment_id where m.id = ${move.id})
      as edited`);
  return row.edited;
}

/**
 * Undoes a move while nobody has edited the copy: the older assessment is editable again with its
 * documents back, the copy (nothing in it anyone's work) removed, the cycle back on the older
 * edition when no other assessment of it is on the newer one; the move is kept, marked undone.
 * 409 once the copy was edited, or for a move undone already.
 */
export async function undoMove(
  app: App,
  callerId: number,
  moveId: number,
): Promise<{ assessmentId: number }> {
  await requireMover(app.db, callerId);
  return app.db.transaction(
    async (tx) => {
      const move = await tx.maybeOne<{
        id: number;
        from: number;
        to: number | null;
        at: string;
        mapping: number;
      }>(sql`
        select id, from_assessment_id as from, to_assessment_id as to, moved_at::text as at, mapping_id as mapping
          from public.assessment_moves where id = ${moveId} for update`);
      if (!move) throw new AppError('not_found', { message: 'No such move.' });
      if (move.to === null)
        throw new AppError('invalid_transition', { message: 'This move was undone already.' });
      const to = move.to;
      await tx.many(
        sql`select id from public.assessments where id in (${move.from}, ${to}) order by id for update`,
      );
      if (await copyEdited(tx, { id: move.id, to, at: move.at }))
        throw new AppError('invalid_transition', {
          message: 'Someone has worked on the moved assessment since: the move can no longer be undone.',
        });
      await tx.many(sql`
        update public.assessment_moves set to_assessment_id = null, undone_at = now(), undone_by_id = ${callerId}
         where id = ${move.id}`);
      // The documents leave the copy, the copy goes, then the older assessment is live again and
      // takes its documents back (the older one and the copy are never live together).
      await tx.many(sql`
        update public.documents d set indicator_response_id = null
          from public.assessment_move_documents x where x.move_id = ${move.id} and d.id = x.document_id`);
      await tx.many(sql`
        delete from public.comments c using public.indicator_responses r
         where r.assessment_id = ${to} and c.indicator_response_id = r.id`);
      await tx.many(sql`delete from public.indicator_responses where assessment_id = ${to}`);
      await tx.many(sql`delete from public.general_comments where assessment_id = ${to}`);
      await tx.many(sql`delete from public.confidentiality_signs where assessment_id = ${to}`);
      await tx.many(sql`delete from public.assessments where id = ${to}`);
      await tx.many(sql`update public.assessments set moved_to_assessment_id = null where id = ${move.from}`);
      await tx.many(sql`
        update public.documents d set indicator_response_id = x.from_response_id
          from public.assessment_move_documents x where x.move_id = ${move.id} and d.id = x.document_id`);
      const older = await tx.one<{ accreditation_id: number; survey_version_id: number }>(
        sql`select accreditation_id, survey_version_id from public.assessments where id = ${move.from}`,
      );
      await tx.many(sql`
        update public.accreditations acc set survey_version_id = ${older.survey_version_id}
         where acc.id = ${older.accreditation_id}
           and not exists (select 1 from public.assessments a where a.accreditation_id = acc.id
                            and a.moved_to_assessment_id is null and a.survey_version_id = acc.survey_version_id
                            and a.survey_version_id <> ${older.survey_version_id})`);
      return { assessmentId: move.from };
    },
    { userId: callerId, role: 'admin' },
  );
}
