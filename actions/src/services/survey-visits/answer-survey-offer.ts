import { SURVEY_OFFER_MESSAGES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';
import { requireSurveyor } from './surveyor-access.ts';

/**
 * A surveyor answers their own offer (accept, or decline with a reason), in one transaction: the
 * row is locked, must be the caller's and OFFERED, of a visit that is not FINAL (nor archived);
 * accepting is refused while the caller has a declared conflict with the practice (the one rule,
 * surveyor_conflict_reason). Someone else's row and a missing one answer alike.
 */
export async function answerSurveyOffer(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { visitorId: number; answer: 'ACCEPTED' | 'DECLINED'; reason: string | null },
) {
  await requireSurveyor(app.db, caller);
  const row = await app.db.transaction(async (tx) => {
    const offer = await tx.maybeOne<{
      status: string;
      visit_status: string;
      archived: boolean;
      conflict: string | null;
    }>(sql`
      select sv.status, v.status as visit_status, v.archived,
             public.surveyor_conflict_reason(sv.user_id, a.practice_id) as conflict
        from public.survey_visitors sv
        join public.survey_visits v on v.id = sv.survey_visit_id
        join public.accreditations a on a.id = v.accreditation_id
       where sv.id = ${input.visitorId} and sv.user_id = ${caller.userId}
       for update of sv`);
    if (!offer || offer.archived)
      throw new AppError('not_found', { message: SURVEY_OFFER_MESSAGES.noSuchOffer });
    if (offer.visit_status === 'FINAL')
      throw new AppError('invalid_transition', { message: SURVEY_OFFER_MESSAGES.final });
    if (offer.status !== 'OFFERED')
      throw new AppError('invalid_transition', { message: SURVEY_OFFER_MESSAGES.answered });
    if (input.answer === 'ACCEPTED' && offer.conflict !== null)
      throw new AppError('invalid_input', { message: SURVEY_OFFER_MESSAGES.conflict(offer.conflict) });
    return tx.one<{ status: string; responded_at: Date }>(sql`
      update public.survey_visitors
         set status = ${input.answer}, responded_at = now(), decline_reason = ${input.reason}
       where id = ${input.visitorId}
      returning status, responded_at`);
  }, caller.actor);
  return {
    visitorId: input.visitorId,
    status: row.status,
    respondedAt: row.responded_at.toISOString(),
    message: input.answer === 'ACCEPTED' ? SURVEY_OFFER_MESSAGES.accepted : SURVEY_OFFER_MESSAGES.declined,
  };
}
