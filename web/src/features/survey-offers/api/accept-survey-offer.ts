import { graphql } from '../../../lib/graphql/graphql.ts';

/** Accepts the surveyor's own offer (refused for an answered offer, a FINAL visit, a conflict). */
export const AcceptSurveyOfferMutation = graphql(`
  mutation AcceptSurveyOffer($visitorId: Int!) {
    acceptSurveyOffer(visitorId: $visitorId) {
      visitorId
      status
      message
    }
  }
`);
