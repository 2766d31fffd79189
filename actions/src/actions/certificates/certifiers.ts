import { z } from 'zod';
import { listCertifiers } from '../../services/certificates/list-certifiers.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `certifiers`: the active staff users the Issue certificate modal offers (see the service). */
export const certifiers = defineAction({
  name: 'certifiers',
  input: z.object({}),
  handle: ({ app, session }) => listCertifiers(app, callerOf(session)),
});
