import {
  createDocument as run,
  ZCreateDocumentInputSchema,
} from '../../services/documents/create-document.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `createDocument`: validates the input and calls the operation (`services/documents/create-document.ts`). */
export const createDocument = defineAction({
  name: 'createDocument',
  input: ZCreateDocumentInputSchema,
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
