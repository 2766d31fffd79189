import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { getPlanningVisit } from '../../services/survey-planning/get-planning-visit.ts';
import { defineAction } from '../define-action.ts';

/** `surveyPlanningVisit(visitId)`: one visit's planning screen (see the service). */
export const surveyPlanningVisit = defineAction({
  name: 'surveyPlanningVisit',
  input: z.object({ visitId: z.number().int().positive() }),
  handle: ({ app, session, input }) => getPlanningVisit(app.db, callerOf(session), input),
});
