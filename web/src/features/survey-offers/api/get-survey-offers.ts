import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/**
 * The signed-in surveyor's offers, newest first: the visit, and the practice's name and suburb
 * through the computed fields of their own survey_visitors rows (they may not read the practice).
 */
export const GetSurveyOffersQuery = graphql(`
  query GetSurveyOffers($userId: Int!) {
    survey_visitors(where: { user_id: { _eq: $userId } }, order_by: [{ offered_at: desc_nulls_last }, { id: desc }]) {
      id
      status
      offered_at
      responded_at
      decline_reason
      practice_name
      practice_suburb
      survey_visit {
        id
        type
        status
        due
        archived
      }
    }
  }
`);

export type TSurveyOffer = ResultOf<typeof GetSurveyOffersQuery>['survey_visitors'][number];
