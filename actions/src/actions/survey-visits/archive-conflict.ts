import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { archiveConflict as run } from '../../services/survey-visits/archive-conflict.ts';
import { defineAction } from '../define-action.ts';

/** `archiveConflict`: calls the operation (`services/survey-visits/archive-conflict.ts`). */
export const archiveConflict = defineAction({
  name: 'archiveConflict',
  input: z.object({ conflictId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
