import { z } from 'zod';
import { addPractice as run } from '../../services/practices/add-practice.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `addPractice`: validates the input and calls the operation (`services/practices/add-practice.ts`). */
export const addPractice = defineAction({
  name: 'addPractice',
  input: z.object({ details: z.unknown() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
