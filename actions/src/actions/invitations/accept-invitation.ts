import { z } from 'zod';
import { acceptInvitation as run } from '../../services/invitations/accept-invitation.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `acceptInvitation`: validates the input and calls the operation (`services/invitations/accept-invitation.ts`). */
export const acceptInvitation = defineAction({
  name: 'acceptInvitation',
  input: z.object({ token: z.string().trim().min(1).max(200) }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
