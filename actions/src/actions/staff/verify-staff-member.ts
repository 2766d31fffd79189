import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { verifyStaffMember as run } from '../../services/staff/verify-staff-member.ts';
import { defineAction } from '../define-action.ts';

/** `verifyStaffMember`: validates the input and calls the operation (`services/staff/verify-staff-member.ts`). */
export const verifyStaffMember = defineAction({
  name: 'verifyStaffMember',
  input: z.object({ id: z.number().int().positive(), verified: z.boolean() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
