import { graphql } from '../../../lib/graphql/graphql.ts';

/** The payment page of a practice (action `practicePaymentUrl`; spec 000 §7 applicationPaymentUrl). */
export const GetPracticePaymentUrlQuery = graphql(`
  query GetPracticePaymentUrl($practiceId: Int!) {
    practicePaymentUrl(practiceId: $practiceId) {
      url
    }
  }
`);
