import { SURVEY_CONFIRMATION, SURVEY_CONFIRMATION_MESSAGES } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { transition } from '../../db/transition.ts';
import type { Db } from '../../plugins/app/db.ts';
import { type Caller, requirePracticeFlag } from './practice-access.ts';

/**
 * The practice confirms the details of a survey visit whose confirmation form was sent
 * (SENT → RECEIVED), stamped with who and when. A visit of another practice, an archived one and
 * a missing one answer alike; a visit not waiting for its confirmation is refused and left as it
 * is. Needs practice.changePractice (the practice's manager, QAM, admin; not the surveyors).
 */
export async function confirmSurveyVisit(
  db: Db,
  caller: Caller,
  input: { practiceId: number; visitId: number },
) {
  await requirePracticeFlag(db, caller, input.practiceId, (f) => f.practice.changePractice);
  const done = await db.transaction(
    (tx) =>
      transition(tx, {
        table: 'survey_visits',
        id: input.visitId,
        column: 'confirmation_form_status',
        from: SURVEY_CONFIRMATION.from,
        to: SURVEY_CONFIRMATION.to,
        actor: caller.actor,
        stamp: { at: 'confirmation_received_at', by: 'confirmation_received_by_id' },
        scope: sql`not t.archived and exists (
          select 1 from public.accreditations a
           where a.id = t.accreditation_id and a.practice_id = ${input.practiceId})`,
        notFound: SURVEY_CONFIRMATION_MESSAGES.noSuchVisit,
        refused: () => ({ code: 'invalid_input', message: SURVEY_CONFIRMATION_MESSAGES.notDue }),
      }),
    caller.actor,
  );
  return {
    id: done.id,
    confirmationFormStatus: done.status,
    confirmedAt: done.changedAt.toISOString(),
    message: SURVEY_CONFIRMATION_MESSAGES.confirmed,
  };
}
