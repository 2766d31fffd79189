import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** One visit's planning screen (the surveyPlanningVisit action). */
export const GetPlanningVisitQuery = graphql(`
  query GetPlanningVisit($visitId: Int!) {
    surveyPlanningVisit(visitId: $visitId) {
      id
      accreditationId
      practiceId
      practiceName
      suburb
      state
      type
      status
      reason
      due
      date
      startTime
      endTime
      confirmationFormStatus
      preferredDaysRequestedAt
      expiryDate
      periodFrom
      periodTo
      needsGpSurveyor
      surveyors {
        userId
        name
        homeState
        isGp
        load
        conflictReason
        visitorStatus
        declineReason
        isLead
        active
      }
      days {
        userId
        day
        available
        reason
      }
    }
  }
`);

export type TPlanningVisit = ResultOf<typeof GetPlanningVisitQuery>['surveyPlanningVisit'];
export type TPlanningSurveyor = TPlanningVisit['surveyors'][number];
export type TPlanningDay = TPlanningVisit['days'][number];
