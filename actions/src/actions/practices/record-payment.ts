import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { recordPayment as record } from '../../services/practices/record-payment.ts';
import { defineAction } from '../define-action.ts';

/** `recordPayment(practiceId, payment)`: a provider admin records a payment received another way; see the service. */
export const recordPayment = defineAction({
  name: 'recordPayment',
  input: z.object({ practiceId: z.number().int().positive(), payment: z.unknown() }),
  handle: ({ app, session, input }) => record(app.db, callerOf(session), input),
});
