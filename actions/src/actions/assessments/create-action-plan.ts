import { z } from 'zod';
import { createActionPlan as run } from '../../services/assessments/create-action-plan.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `createActionPlan(assessmentId)` ('Action required'): see the service. */
export const createActionPlan = defineAction({
  name: 'createActionPlan',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
