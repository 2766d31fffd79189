import { z } from 'zod';
import { sendStaffInvite as run } from '../../services/invitations/send-staff-invite.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `sendStaffInvite`: validates the input and calls the operation (`services/invitations/send-staff-invite.ts`). */
export const sendStaffInvite = defineAction({
  name: 'sendStaffInvite',
  input: z.object({ staffId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
