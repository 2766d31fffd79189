import { graphql } from '../../../lib/graphql/graphql.ts';

/** Makes a visit FINAL on a day and times with its accepted surveyors. */
export const FinaliseSurveyVisitMutation = graphql(`
  mutation FinaliseSurveyVisit(
    $visitId: Int!
    $date: String!
    $startTime: String!
    $endTime: String!
    $leadUserId: Int
  ) {
    finaliseSurveyVisit(
      visitId: $visitId
      date: $date
      startTime: $startTime
      endTime: $endTime
      leadUserId: $leadUserId
    ) {
      visitId
      status
      date
      startTime
      endTime
      leadUserId
      visitors
      message
    }
  }
`);
