import type { FastifyInstance } from 'fastify';
import type { Caller } from '../practices/practice-access.ts';
import { answerSurveyOffer } from './answer-survey-offer.ts';

/** `acceptSurveyOffer`: the surveyor accepts their own offer (see answerSurveyOffer for the refusals). */
export function acceptSurveyOffer(
  app: Pick<FastifyInstance, 'db'>,
  caller: Caller,
  input: { visitorId: number },
) {
  return answerSurveyOffer(app, caller, { visitorId: input.visitorId, answer: 'ACCEPTED', reason: null });
}
