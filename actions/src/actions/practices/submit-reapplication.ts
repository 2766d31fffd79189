import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { submitReapplication as submit } from '../../services/practices/submit-reapplication.ts';
import { defineAction } from '../define-action.ts';

/** `submitReapplication(practiceId, details)` (/Practice/Reapplication/:id): see the service. */
export const submitReapplication = defineAction({
  name: 'submitReapplication',
  input: z.object({ practiceId: z.number().int().positive(), details: z.unknown() }),
  handle: ({ app, session, input }) => submit(app.db, callerOf(session), input),
});
