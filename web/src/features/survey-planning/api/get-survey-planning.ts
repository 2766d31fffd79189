import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** The planning list (the surveyPlanning action), with the choice lists its filters and forms use. */
export const GetSurveyPlanningQuery = graphql(`
  query GetSurveyPlanning($state: String, $qamId: Int, $dueMonth: String, $status: String) {
    surveyPlanning(state: $state, qamId: $qamId, dueMonth: $dueMonth, status: $status) {
      rows {
        accreditationId
        practiceId
        practiceName
        suburb
        state
        qamId
        qamName
        expiryDate
        surveyVisitDue
        visitId
        visitType
        visitStatus
        visitReason
        visitDue
        visitDate
        confirmationFormStatus
        offered
        accepted
        scheduledTooLate
        openVisitTypes
      }
      qams {
        id
        name
      }
      limited
    }
    states: australian_state(order_by: { value: asc }) {
      value
      comment
    }
    reasons: visit_reason(order_by: { value: asc }) {
      value
      comment
    }
  }
`);

export type TPlanningRow = ResultOf<typeof GetSurveyPlanningQuery>['surveyPlanning']['rows'][number];
export type TChoice = ResultOf<typeof GetSurveyPlanningQuery>['reasons'][number];
