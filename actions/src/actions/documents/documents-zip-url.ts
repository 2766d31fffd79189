import { z } from 'zod';
import { createDocumentsZipUrl } from '../../services/documents/create-documents-zip-url.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `documentsZipUrl`: validates the input and calls the operation (`services/documents/create-documents-zip-url.ts`). */
export const documentsZipUrl = defineAction({
  name: 'documentsZipUrl',
  input: z.object({
    practiceId: z.number().int().positive(),
    documentIds: z.array(z.number().int().positive()).max(10_000).nullish(),
    folderId: z.number().int().positive().nullish(),
  }),
  handle: ({ app, session, input }) =>
    createDocumentsZipUrl(app, callerOf(session), session['x-hasura-session-id'] ?? null, input),
});
