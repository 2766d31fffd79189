import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { listWebinars } from '../../services/webinars/list-webinars.ts';
import { defineAction } from '../define-action.ts';

/** `webinars`: calls `services/webinars/list-webinars.ts`. */
export const webinars = defineAction({
  name: 'webinars',
  input: z.object({}),
  handle: ({ app, session }) => listWebinars(app, callerOf(session)),
});
