import { z } from 'zod';
import { reopenAssessment as run } from '../../services/assessments/reopen-assessment.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `reopenAssessment(assessmentId, reason, fromStatus?)` (Reopen, a bulk tool): see the service. */
export const reopenAssessment = defineAction({
  name: 'reopenAssessment',
  input: z.object({
    assessmentId: z.number().int().positive(),
    reason: z.string(),
    fromStatus: z.string().max(40).nullish(),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
