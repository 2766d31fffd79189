import { gql } from '@urql/core';

/** Submits the DUE renewal with the reviewed details (action `submitReapplication`): now PAYMENT_PENDING. */
export const SubmitReapplicationMutation = gql`
  mutation SubmitReapplication($practiceId: Int!, $details: jsonb!) {
    submitReapplication(practiceId: $practiceId, details: $details) {
      id
      practiceId
      status
      submittedAt
      message
    }
  }
`;
