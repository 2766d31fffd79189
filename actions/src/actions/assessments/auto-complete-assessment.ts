import { z } from 'zod';
import { autoCompleteAssessment as run } from '../../services/assessments/auto-complete-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `autoCompleteAssessment(assessmentId)` (Auto complete, a bulk tool): see the service. */
export const autoCompleteAssessment = defineAction({
  name: 'autoCompleteAssessment',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
