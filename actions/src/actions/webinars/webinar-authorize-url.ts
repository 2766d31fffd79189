import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { getWebinarAuthorizeUrl } from '../../services/webinars/get-webinar-authorize-url.ts';
import { sessionIdOf } from '../../services/webinars/webinar-config.ts';
import { defineAction } from '../define-action.ts';

/** `webinarAuthorizeUrl`: calls `services/webinars/get-webinar-authorize-url.ts`. */
export const webinarAuthorizeUrl = defineAction({
  name: 'webinarAuthorizeUrl',
  input: z.object({}),
  handle: async ({ app, session }) =>
    getWebinarAuthorizeUrl(app, { userId: callerOf(session).userId, sessionId: sessionIdOf(session) }),
});
