import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { disconnectWebinars as run } from '../../services/webinars/disconnect-webinars.ts';
import { defineAction } from '../define-action.ts';

/** `disconnectWebinars`: calls `services/webinars/disconnect-webinars.ts`. */
export const disconnectWebinars = defineAction({
  name: 'disconnectWebinars',
  input: z.object({}),
  handle: ({ app, session }) => run(app, callerOf(session)),
});
