import { z } from 'zod';
import { setNominatedContact as run } from '../../services/contacts/set-nominated-contact.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `setNominatedContact`: validates the input and calls the operation (`services/contacts/set-nominated-contact.ts`). */
export const setNominatedContact = defineAction({
  name: 'setNominatedContact',
  input: z.record(z.string(), z.unknown()),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
