import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { archiveStaffMember as run } from '../../services/staff/archive-staff-member.ts';
import { defineAction } from '../define-action.ts';

/** `archiveStaffMember`: validates the input and calls the operation (`services/staff/archive-staff-member.ts`). */
export const archiveStaffMember = defineAction({
  name: 'archiveStaffMember',
  input: z.object({ id: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
