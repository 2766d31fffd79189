import { z } from 'zod';
import { archiveDocuments as run } from '../../services/documents/archive-documents.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `archiveDocuments`: validates the input and calls the operation (`services/documents/archive-documents.ts`). */
export const archiveDocuments = defineAction({
  name: 'archiveDocuments',
  // The count limit is the operation's (MAX_DOCUMENTS_PER_CALL, with its message); this only
  // bounds the work before it.
  input: z.object({ documentIds: z.array(z.number().int().positive()).max(10_000) }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
