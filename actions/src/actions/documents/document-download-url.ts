import { z } from 'zod';
import { documentDownloadUrl as run } from '../../services/documents/get-document-download-url.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `documentDownloadUrl`: validates the input and calls the operation (`services/documents/get-document-download-url.ts`). */
export const documentDownloadUrl = defineAction({
  name: 'documentDownloadUrl',
  input: z.object({ documentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
