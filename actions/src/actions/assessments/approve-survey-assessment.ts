import { z } from 'zod';
import { approveSurveyAssessment as run } from '../../services/assessments/approve-survey-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `approveSurveyAssessment(assessmentId)` (Approve): see the service. */
export const approveSurveyAssessment = defineAction({
  name: 'approveSurveyAssessment',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
