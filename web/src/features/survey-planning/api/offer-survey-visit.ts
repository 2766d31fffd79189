import { graphql } from '../../../lib/graphql/graphql.ts';

/** Offers a visit to surveyors. */
export const OfferSurveyVisitMutation = graphql(`
  mutation OfferSurveyVisit($visitId: Int!, $surveyorIds: [Int!]!) {
    offerSurveyVisit(visitId: $visitId, surveyorIds: $surveyorIds) {
      visitId
      offered
      needsGpSurveyor
      message
    }
  }
`);
