import { isSurveyConfirmationDue, SURVEY_CONFIRMATION_MESSAGES } from '@portal/domain';
import { z } from 'zod';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { defineAction } from '../define-action.ts';
import { callerOf, requirePracticeFlag } from './practice-access.ts';

/**
 * `confirmSurveyVisit(practiceId, visitId)` (/Practice/SurveyConfirmation/:id): the practice
 * confirms the details of a survey visit whose confirmation form was sent (SENT → RECEIVED),
 * stamped with who and when. A visit of another practice, an archived one and a missing one
 * answer alike; a visit not waiting for its confirmation is refused and left as it is. Needs
 * practice.changePractice (the practice's manager, QAM, admin; not the surveyors).
 */
export const confirmSurveyVisit = defineAction({
  name: 'confirmSurveyVisit',
  input: z.object({ practiceId: z.number().int().positive(), visitId: z.number().int().positive() }),
  async handle({ app, session, input }) {
    const caller = callerOf(session);
    await requirePracticeFlag(app.db, caller, input.practiceId, (f) => f.practice.changePractice);
    const row = await app.db.transaction(async (tx) => {
      const visit = await tx.maybeOne<{ id: number; confirmation_form_status: string }>(sql`
        select v.id, v.confirmation_form_status from public.survey_visits v
          join public.accreditations a on a.id = v.accreditation_id
         where v.id = ${input.visitId} and a.practice_id = ${input.practiceId} and not v.archived
         for update of v`);
      if (!visit) throw new AppError('not_found', { message: SURVEY_CONFIRMATION_MESSAGES.noSuchVisit });
      if (!isSurveyConfirmationDue(visit)) {
        throw new AppError('invalid_input', { message: SURVEY_CONFIRMATION_MESSAGES.notDue });
      }
      return tx.one<{ id: number; confirmation_form_status: string; confirmation_received_at: Date }>(sql`
        update public.survey_visits
           set confirmation_form_status = 'RECEIVED', confirmation_received_at = now(),
               confirmation_received_by_id = ${caller.userId}
         where id = ${visit.id}
         returning id, confirmation_form_status, confirmation_received_at`);
    }, caller.actor);
    return {
      id: row.id,
      confirmationFormStatus: row.confirmation_form_status,
      confirmedAt: row.confirmation_received_at.toISOString(),
      message: SURVEY_CONFIRMATION_MESSAGES.confirmed,
    };
  },
});
