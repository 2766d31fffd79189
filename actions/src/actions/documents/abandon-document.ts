import { z } from 'zod';
import { abandonDocument as run } from '../../services/documents/abandon-document.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `abandonDocument`: validates the input and calls the operation (`services/documents/abandon-document.ts`). */
export const abandonDocument = defineAction({
  name: 'abandonDocument',
  input: z.object({ documentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
