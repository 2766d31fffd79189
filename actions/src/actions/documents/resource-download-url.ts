import { z } from 'zod';
import { resourceDownloadUrl as run } from '../../services/documents/get-resource-download-url.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `resourceDownloadUrl`: validates the input and calls the operation (`services/documents/get-resource-download-url.ts`). */
export const resourceDownloadUrl = defineAction({
  name: 'resourceDownloadUrl',
  input: z.object({ resourceId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
