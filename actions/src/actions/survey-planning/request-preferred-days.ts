import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { requestPreferredDays as run } from '../../services/survey-planning/request-preferred-days.ts';
import { defineAction } from '../define-action.ts';

/** `requestPreferredDays(visitId)`: see the service. */
export const requestPreferredDays = defineAction({
  name: 'requestPreferredDays',
  input: z.object({ visitId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
