import { z } from 'zod';
import { startSelfAssessment as run } from '../../services/assessments/start-self-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `startSelfAssessment(practiceId)` (the Accreditation tab's first view): see the service. */
export const startSelfAssessment = defineAction({
  name: 'startSelfAssessment',
  input: z.object({ practiceId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
