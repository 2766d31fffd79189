import { ZFinaliseSurveyVisitSchema } from '@portal/domain';
import { callerOf } from '../../services/practices/practice-access.ts';
import { finaliseSurveyVisit as run } from '../../services/survey-planning/finalise-survey-visit.ts';
import { defineAction } from '../define-action.ts';

/** `finaliseSurveyVisit(visitId, date, startTime, endTime, leadUserId)`: see the service. */
export const finaliseSurveyVisit = defineAction({
  name: 'finaliseSurveyVisit',
  input: ZFinaliseSurveyVisitSchema,
  handle: ({ app, session, input }) => run(app.db, callerOf(session), input),
});
