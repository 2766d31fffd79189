import { ZDeclineReasonSchema } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Caller } from '../practices/practice-access.ts';
import { answerSurveyOffer } from './answer-survey-offer.ts';
import { parseOrRefuse } from './surveyor-access.ts';

/** `declineSurveyOffer`: the surveyor declines their own offer with a reason (required, bounded). */
export function declineSurveyOffer(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { visitorId: number; reason: string },
) {
  const reason = parseOrRefuse(ZDeclineReasonSchema, input.reason);
  return answerSurveyOffer(app, caller, { visitorId: input.visitorId, answer: 'DECLINED', reason });
}
