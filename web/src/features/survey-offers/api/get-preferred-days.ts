import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** A visit the surveyor was offered, their own row on it (with the practice's name) and their days. */
export const GetPreferredDaysQuery = graphql(`
  query GetPreferredDays($visitId: Int!, $userId: Int!) {
    survey_visits_by_pk(id: $visitId) {
      id
      type
      status
      due
      archived
      survey_visitors(where: { user_id: { _eq: $userId } }) {
        id
        status
        practice_name
        practice_suburb
      }
      preferred_days(where: { user_id: { _eq: $userId } }, order_by: { day: asc }) {
        id
        day
        available
        reason
      }
    }
  }
`);

export type TPreferredDaysVisit = NonNullable<ResultOf<typeof GetPreferredDaysQuery>['survey_visits_by_pk']>;
