import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { savePreferredDays as run } from '../../services/survey-visits/save-preferred-days.ts';
import { defineAction } from '../define-action.ts';

/** `savePreferredDays`: the operation checks the days with ZPreferredDaysSchema (`services/survey-visits/save-preferred-days.ts`). */
export const savePreferredDays = defineAction({
  name: 'savePreferredDays',
  input: z.object({ visitId: z.number().int().positive(), days: z.array(z.unknown()) }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
