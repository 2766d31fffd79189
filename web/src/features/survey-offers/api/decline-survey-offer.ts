import { graphql } from '../../../lib/graphql/graphql.ts';

/** Declines the surveyor's own offer with a reason (required). */
export const DeclineSurveyOfferMutation = graphql(`
  mutation DeclineSurveyOffer($visitorId: Int!, $reason: String!) {
    declineSurveyOffer(visitorId: $visitorId, reason: $reason) {
      visitorId
      status
      message
    }
  }
`);
