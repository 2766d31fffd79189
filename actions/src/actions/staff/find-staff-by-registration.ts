import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { findStaffByRegistration as run } from '../../services/staff/find-staff-by-registration.ts';
import { defineAction } from '../define-action.ts';

/** `findStaffByRegistration`: validates the input and calls the operation (`services/staff/find-staff-by-registration.ts`). */
export const findStaffByRegistration = defineAction({
  name: 'findStaffByRegistration',
  input: z.object({ registrationNum: z.string().trim().min(3, 'Type at least 3 characters').max(50) }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
