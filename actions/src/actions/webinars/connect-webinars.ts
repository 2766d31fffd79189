import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { connectWebinars as run } from '../../services/webinars/connect-webinars.ts';
import { sessionIdOf } from '../../services/webinars/webinar-config.ts';
import { defineAction } from '../define-action.ts';

/** `connectWebinars(code, state)`: calls `services/webinars/connect-webinars.ts`. */
export const connectWebinars = defineAction({
  name: 'connectWebinars',
  input: z.object({ code: z.string().min(1).max(2048), state: z.string().min(1).max(2048) }),
  handle: ({ app, session, input }) =>
    run(app, { userId: callerOf(session).userId, sessionId: sessionIdOf(session) }, input),
});
