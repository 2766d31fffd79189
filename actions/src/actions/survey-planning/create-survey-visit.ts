import { ZCreateSurveyVisitSchema } from '@portal/domain';
import { callerOf } from '../../services/practices/practice-access.ts';
import { createSurveyVisit as run } from '../../services/survey-planning/create-survey-visit.ts';
import { defineAction } from '../define-action.ts';

/** `createSurveyVisit(accreditationId, type, reason, dueMonth)`: see the service. */
export const createSurveyVisit = defineAction({
  name: 'createSurveyVisit',
  input: ZCreateSurveyVisitSchema,
  handle: ({ app, session, input }) => run(app.db, callerOf(session), input),
});
