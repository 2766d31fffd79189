import { z } from 'zod';
import { submitSelfAssessment as run } from '../../services/assessments/submit-self-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `submitSelfAssessment(assessmentId)` (Submit for review): see the service. */
export const submitSelfAssessment = defineAction({
  name: 'submitSelfAssessment',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
