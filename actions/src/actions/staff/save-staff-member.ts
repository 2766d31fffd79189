import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { saveStaffMember as run } from '../../services/staff/save-staff-member.ts';
import { defineAction } from '../define-action.ts';

/** `saveStaffMember`: validates the input and calls the operation (`services/staff/save-staff-member.ts`). */
export const saveStaffMember = defineAction({
  name: 'saveStaffMember',
  input: z.object({ practiceId: z.number().int().positive(), staff: z.unknown() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
