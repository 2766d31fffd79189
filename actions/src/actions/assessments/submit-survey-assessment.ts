import { z } from 'zod';
import { submitSurveyAssessment as run } from '../../services/assessments/submit-survey-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/**
 * `submitSurveyAssessment(assessmentId, actualStartTime, actualEndTime, hoursWorkedBeforeVisit,
 * hoursWorkedAfterVisit, hoursWorkedConfirmed)` (web.assessment/{id}/submit/ of a survey visit):
 * the form's values reach the service as typed, which checks them with ZSurveyVisitorFormSchema so
 * that the screen and the action give the same messages.
 */
export const submitSurveyAssessment = defineAction({
  name: 'submitSurveyAssessment',
  input: z.object({
    assessmentId: z.number().int().positive(),
    actualStartTime: z.string().max(20),
    actualEndTime: z.string().max(20),
    hoursWorkedBeforeVisit: z.string().max(20),
    hoursWorkedAfterVisit: z.string().max(20),
    hoursWorkedConfirmed: z.boolean(),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
