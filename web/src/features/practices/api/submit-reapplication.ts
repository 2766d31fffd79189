import { graphql } from '../../../lib/graphql/graphql.ts';

/** Submits the DUE renewal with the reviewed details (action `submitReapplication`): now PAYMENT_PENDING. */
export const SubmitReapplicationMutation = graphql(`
  mutation SubmitReapplication($practiceId: Int!, $details: jsonb!) {
    submitReapplication(practiceId: $practiceId, details: $details) {
      id
      practiceId
      status
      submittedAt
      message
    }
  }
`);
