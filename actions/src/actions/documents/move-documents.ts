import { z } from 'zod';
import { moveDocuments as run } from '../../services/documents/move-documents.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `moveDocuments`: validates the input and calls the operation (`services/documents/move-documents.ts`). */
export const moveDocuments = defineAction({
  name: 'moveDocuments',
  input: z.object({
    documentIds: z.array(z.number().int().positive()).max(10_000),
    fromFolderId: z.number().int().positive(),
    toFolderId: z.number().int().positive(),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
