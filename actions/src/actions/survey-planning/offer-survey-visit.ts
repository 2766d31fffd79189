import { ZOfferSurveyVisitSchema } from '@portal/domain';
import { callerOf } from '../../services/practices/practice-access.ts';
import { offerSurveyVisit as run } from '../../services/survey-planning/offer-survey-visit.ts';
import { defineAction } from '../define-action.ts';

/** `offerSurveyVisit(visitId, surveyorIds)`: see the service. */
export const offerSurveyVisit = defineAction({
  name: 'offerSurveyVisit',
  input: ZOfferSurveyVisitSchema,
  handle: ({ app, session, input }) => run(app.db, callerOf(session), input),
});
