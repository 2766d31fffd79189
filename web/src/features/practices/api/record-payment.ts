import { graphql } from '../../../lib/graphql/graphql.ts';

/** A provider admin records a payment received another way (action `recordPayment`). */
export const RecordPaymentMutation = graphql(`
  mutation RecordPayment($practiceId: Int!, $payment: jsonb!) {
    recordPayment(practiceId: $practiceId, payment: $payment) {
      paymentId
      kind
      message
    }
  }
`);
