import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { acceptSurveyOffer as run } from '../../services/survey-visits/accept-survey-offer.ts';
import { defineAction } from '../define-action.ts';

/** `acceptSurveyOffer`: calls the operation (`services/survey-visits/accept-survey-offer.ts`). */
export const acceptSurveyOffer = defineAction({
  name: 'acceptSurveyOffer',
  input: z.object({ visitorId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
