import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { createResourceUpload as run } from '../../services/resources/create-resource-upload.ts';
import { defineAction } from '../define-action.ts';

/** `createResourceUpload`: validates the input and calls the operation (`services/resources/create-resource-upload.ts`). */
export const createResourceUpload = defineAction({
  name: 'createResourceUpload',
  // checkUpload gives the spec-style messages; this only bounds the work before it.
  input: z.object({
    name: z.string().max(2000),
    contentType: z.string().max(255),
    size: z.number().int().nonnegative(),
  }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
