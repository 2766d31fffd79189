import { z } from 'zod';
import { confirmSurveyVisit as confirm } from '../../services/practices/confirm-survey-visit.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `confirmSurveyVisit(practiceId, visitId)` (/Practice/SurveyConfirmation/:id): see the service. */
export const confirmSurveyVisit = defineAction({
  name: 'confirmSurveyVisit',
  input: z.object({ practiceId: z.number().int().positive(), visitId: z.number().int().positive() }),
  handle: ({ app, session, input }) => confirm(app.db, callerOf(session), input),
});
