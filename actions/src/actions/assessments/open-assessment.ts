import { z } from 'zod';
import { openAssessment as run } from '../../services/assessments/open-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `openAssessment(assessmentId)` (the assessment screen opens): see the service. */
export const openAssessment = defineAction({
  name: 'openAssessment',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
