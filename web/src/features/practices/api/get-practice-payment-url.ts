import { gql } from '@urql/core';

/** The payment page of a practice (action `practicePaymentUrl`; spec 000 §7 applicationPaymentUrl). */
export const GetPracticePaymentUrlQuery = gql`
  query GetPracticePaymentUrl($practiceId: Int!) {
    practicePaymentUrl(practiceId: $practiceId) {
      url
    }
  }
`;

export interface TGetPracticePaymentUrlResult {
  practicePaymentUrl: { url: string } | null;
}
