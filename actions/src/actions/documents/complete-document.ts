import { z } from 'zod';
import { completeDocument as run } from '../../services/documents/complete-document.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `completeDocument`: validates the input and calls the operation (`services/documents/complete-document.ts`). */
export const completeDocument = defineAction({
  name: 'completeDocument',
  input: z.object({ documentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
