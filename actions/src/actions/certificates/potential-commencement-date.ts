import { z } from 'zod';
import { getPotentialCommencementDate } from '../../services/certificates/get-potential-commencement-date.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `potentialCommencementDate(assessmentId)`: the Issue certificate modal's default commencement date. */
export const potentialCommencementDate = defineAction({
  name: 'potentialCommencementDate',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => getPotentialCommencementDate(app, callerOf(session), input),
});
