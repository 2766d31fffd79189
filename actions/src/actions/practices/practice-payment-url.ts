import { z } from 'zod';
import { practicePaymentUrl as run } from '../../services/practices/get-practice-payment-url.ts';
import { callerOf } from '../../services/practices/practice-access.ts';
import { defineAction } from '../define-action.ts';

/** `practicePaymentUrl`: validates the input and calls the operation (`services/practices/get-practice-payment-url.ts`). */
export const practicePaymentUrl = defineAction({
  name: 'practicePaymentUrl',
  input: z.object({ practiceId: z.number().int().positive() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
