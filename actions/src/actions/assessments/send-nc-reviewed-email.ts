import { z } from 'zod';
import { sendNcReviewedEmail as run } from '../../services/assessments/send-nc-reviewed-email.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `sendNcReviewedEmail(assessmentId)` (the review assessment modal's Send): see the service. */
export const sendNcReviewedEmail = defineAction({
  name: 'sendNcReviewedEmail',
  input: z.object({ assessmentId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
