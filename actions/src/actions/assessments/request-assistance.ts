import { z } from 'zod';
import { requestAssistance as run } from '../../services/assessments/request-assistance.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `requestAssistance(assessmentId, message)` (Request Assistance): see the service, which checks the message. */
export const requestAssistance = defineAction({
  name: 'requestAssistance',
  input: z.object({ assessmentId: z.number().int().positive(), message: z.string() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
