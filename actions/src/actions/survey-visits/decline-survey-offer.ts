import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { declineSurveyOffer as run } from '../../services/survey-visits/decline-survey-offer.ts';
import { defineAction } from '../define-action.ts';

/** `declineSurveyOffer`: calls the operation (`services/survey-visits/decline-survey-offer.ts`). */
export const declineSurveyOffer = defineAction({
  name: 'declineSurveyOffer',
  input: z.object({ visitorId: z.number().int().positive(), reason: z.string() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
