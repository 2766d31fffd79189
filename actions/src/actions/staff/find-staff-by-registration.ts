import { ZRegistrationLookupSchema } from '@portal/domain';
import { callerOf } from '../../services/practices/practice-access.ts';
import { findStaffByRegistration as run } from '../../services/staff/find-staff-by-registration.ts';
import { defineAction } from '../define-action.ts';

/** `findStaffByRegistration`: validates the input and calls the operation (`services/staff/find-staff-by-registration.ts`). */
export const findStaffByRegistration = defineAction({
  name: 'findStaffByRegistration',
  input: ZRegistrationLookupSchema,
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
