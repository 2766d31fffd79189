import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { savePracticeDetails as run } from '../../services/practices/save-practice-details.ts';
import { defineAction } from '../define-action.ts';

/** `savePracticeDetails`: validates the input and calls the operation (`services/practices/save-practice-details.ts`). */
export const savePracticeDetails = defineAction({
  name: 'savePracticeDetails',
  input: z.object({ practiceId: z.number().int().positive(), details: z.unknown() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
