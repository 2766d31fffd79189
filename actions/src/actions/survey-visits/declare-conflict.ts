import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { declareConflict as run } from '../../services/survey-visits/declare-conflict.ts';
import { defineAction } from '../define-action.ts';

/** `declareConflict`: the operation checks the input with ZDeclareConflictSchema (`services/survey-visits/declare-conflict.ts`). */
export const declareConflict = defineAction({
  name: 'declareConflict',
  input: z.object({
    practiceId: z.number().int().nullish(),
    networkId: z.number().int().nullish(),
    reason: z.string(),
    fromDate: z.string().nullish(),
    toDate: z.string().nullish(),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
