import { ZAccountDetailsSchema } from '@portal/domain';
import { updateAccount as run } from '../../services/accounts/update-account.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/**
 * `updateAccount`: checks the account form with its own schema (a refused field answers
 * `invalid_input` with `fields` keyed by the form's names) and calls the operation
 * (`services/accounts/update-account.ts`).
 */
export const updateAccount = defineAction({
  name: 'updateAccount',
  input: ZAccountDetailsSchema,
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
