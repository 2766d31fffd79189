import { z } from 'zod';
import { completeSelfAssessment as run } from '../../services/assessments/complete-self-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `completeSelfAssessment(assessmentId)` (Completed): see the service. */
export const completeSelfAssessment = defineAction({
  name: 'completeSelfAssessment',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
