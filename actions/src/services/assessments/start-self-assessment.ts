import { ASSESSMENT_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { type Caller, requirePracticeFlag } from '../practices/practice-access.ts';

/**
 * `startSelfAssessment(practiceId)` (spec 001 §2 first view, 'Start Self Assessment'; §7 PATCH
 * web.accreditation {isFirstView: false}): for the practice's current accreditation (the latest
 * not archived, `practices.current_accreditation_id`), the first view is over and its self
 * assessment exists: created IN_PROGRESS, due on the accreditation's self_assessment_due, when it
 * has none. One transaction; idempotent (a second start answers the same ids and changes nothing).
 * Needs practice.changePractice.
 */
export async function startSelfAssessment(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { practiceId: number },
) {
  await requirePracticeFlag(app.db, caller, input.practiceId, (f) => f.practice.changePractice);
  return app.db.transaction(async (tx) => {
    // Locked, so two starts at once create one self assessment and the second finds it.
    const accreditation = await tx.maybeOne<{
      id: number;
      is_first_view: boolean;
      self_assessment_due: string | null;
    }>(sql`
      select a.id, a.is_first_view, a.self_assessment_due::text as self_assessment_due
        from public.practices p
        join public.accreditations a on a.id = p.current_accreditation_id
       where p.organisation_id = ${input.practiceId}
         for update of a`);
    if (!accreditation) throw new AppError('not_found', { message: ASSESSMENT_MESSAGES.noSelfAssessment });
    if (accreditation.is_first_view) {
      await tx.many(
        sql`update public.accreditations set is_first_view = false where id = ${accreditation.id}`,
      );
    }
    const created = await tx.maybeOne<{ id: number }>(sql`
      insert into public.assessments (accreditation_id, type, status, due_date)
      values (${accreditation.id}, 'PRESURVEY', 'IN_PROGRESS', ${accreditation.self_assessment_due})
      on conflict (accreditation_id) where type = 'PRESURVEY' and moved_to_assessment_id is null do nothing
      returning id`);
    const assessment =
      created ??
      (await tx.one<{ id: number }>(sql`
        select id from public.assessments
         where accreditation_id = ${accreditation.id} and type = 'PRESURVEY' and moved_to_assessment_id is null`));
    return { accreditationId: accreditation.id, assessmentId: assessment.id };
  }, caller.actor);
}
