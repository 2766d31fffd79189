import { z } from 'zod';
import { autoClearAssessment as run } from '../../services/assessments/auto-clear-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `autoClearAssessment(assessmentId)` (Auto clear, a bulk tool): see the service. */
export const autoClearAssessment = defineAction({
  name: 'autoClearAssessment',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
