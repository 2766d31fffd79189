import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { searchConflictSubjects as run } from '../../services/survey-visits/search-conflict-subjects.ts';
import { defineAction } from '../define-action.ts';

/** `searchConflictSubjects`: calls the operation (`services/survey-visits/search-conflict-subjects.ts`). */
export const searchConflictSubjects = defineAction({
  name: 'searchConflictSubjects',
  input: z.object({ search: z.string() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
