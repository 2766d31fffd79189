import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { sendSurveyConfirmation as run } from '../../services/survey-planning/send-survey-confirmation.ts';
import { defineAction } from '../define-action.ts';

/** `sendSurveyConfirmation(visitId, template?)`: see the service. */
export const sendSurveyConfirmation = defineAction({
  name: 'sendSurveyConfirmation',
  input: z.object({
    visitId: z.number().int().positive(),
    /** A value of survey_visit.confirmation_form_template; ON_SITE when absent. */
    template: z.string().max(100).nullish(),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
