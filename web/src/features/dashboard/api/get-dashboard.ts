import { graphql } from '../../../lib/graphql/graphql.ts';
import { DuePracticeFields } from './due-practice-fields.ts';
import { MyPracticeRoles } from './my-practice-roles.ts';

/**
 * The user's due items in one request: each kind is its own list, filtered with the practice
 * list's own rules (`practiceFilterWhere`), plus how many practices the user has.
 */
export const GetDashboardQuery = graphql(
  `
  query GetDashboard(
    $all: practices_bool_exp!
    $renewals: practices_bool_exp!
    $selfAssessments: practices_bool_exp!
    $preferredDays: practices_bool_exp!
    $confirmations: practices_bool_exp!
    $applicationPayments: practices_bool_exp!
    $upcomingVisits: practices_bool_exp!
    $userId: Int!
    $today: date!
  ) {
    total: practices_aggregate(where: $all) {
      aggregate {
        count
      }
    }
    renewals: practices(where: $renewals, order_by: { organisation: { name: asc } }, limit: 50) {
      ...DuePracticeFields
      ...MyPracticeRoles
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
        due_date
      }
    }
    selfAssessments: practices(where: $selfAssessments, order_by: { organisation: { name: asc } }, limit: 50) {
      ...DuePracticeFields
      current_accreditation {
        id
        self_assessment_due
      }
    }
    preferredDays: practices(where: $preferredDays, order_by: { organisation: { name: asc } }, limit: 50) {
      ...DuePracticeFields
      current_accreditation {
        id
        survey_visits(
          where: {
            archived: { _eq: false }
            status: { _eq: PREFERRED_DAYS_REQ }
            survey_visitors: { user_id: { _eq: $userId }, status: { _neq: DECLINED } }
          }
          order_by: { due: asc }
        ) {
          id
          status
          due
          archived
        }
      }
    }
    confirmations: practices(where: $confirmations, order_by: { organisation: { name: asc } }, limit: 50) {
      ...DuePracticeFields
      current_accreditation {
        id
        survey_visits(where: { archived: { _eq: false }, confirmation_form_status: { _eq: SENT } }) {
          id
          type
          date
          due
        }
      }
    }
    applicationPayments: practices(where: $applicationPayments, order_by: { organisation: { name: asc } }, limit: 50) {
      ...DuePracticeFields
      ...MyPracticeRoles
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
        due_date
      }
    }
    upcomingVisits: practices(where: $upcomingVisits, order_by: { organisation: { name: asc } }, limit: 50) {
      ...DuePracticeFields
      current_accreditation {
        id
        survey_visits(
          where: {
            archived: { _eq: false }
            status: { _eq: FINAL }
            date: { _gte: $today }
            survey_visitors: { user_id: { _eq: $userId }, status: { _eq: ACCEPTED } }
          }
          order_by: { date: asc }
        ) {
          id
          date
          start_time
        }
      }
    }
  }
`,
  [DuePracticeFields, MyPracticeRoles],
);
