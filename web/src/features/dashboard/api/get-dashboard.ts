import { gql } from '@urql/core';

const PRACTICE = `
  organisation_id
  status
  organisation {
    id
    name
  }
`;

/** The signed-in user's own active roles on the practice (who may act on a renewal or payment). */
const MY_ROLES = `
  practice_users(where: { user_id: { _eq: $userId }, active: { _eq: true } }) {
    id
    role
  }
`;

/**
 * The user's due items in one request: each kind is its own list, filtered with the practice
 * list's own rules (`practiceFilterWhere`), plus how many practices the user has.
 */
export const GetDashboardQuery = gql`
  query GetDashboard(
    $all: practices_bool_exp!
    $renewals: practices_bool_exp!
    $selfAssessments: practices_bool_exp!
    $preferredDays: practices_bool_exp!
    $confirmations: practices_bool_exp!
    $applicationPayments: practices_bool_exp!
    $userId: Int!
  ) {
    total: practices_aggregate(where: $all) {
      aggregate {
        count
      }
    }
    renewals: practices(where: $renewals, order_by: { organisation: { name: asc } }, limit: 50) {
      ${PRACTICE}
      ${MY_ROLES}
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
        due_date
      }
    }
    selfAssessments: practices(where: $selfAssessments, order_by: { organisation: { name: asc } }, limit: 50) {
      ${PRACTICE}
      current_accreditation {
        id
        self_assessment_due
      }
    }
    preferredDays: practices(where: $preferredDays, order_by: { organisation: { name: asc } }, limit: 50) {
      ${PRACTICE}
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
      ${PRACTICE}
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
      ${PRACTICE}
      ${MY_ROLES}
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
        due_date
      }
    }
  }
`;

interface TPracticeBase {
  organisation_id: number;
  status: string;
  organisation: { id: number; name: string };
}
type TReapplications = {
  practice_users: Array<{ id: number; role: string }>;
  reapplications: Array<{ id: number; status: string; due_date: string | null }>;
};

export interface TGetDashboardResult {
  total: { aggregate: { count: number } | null };
  renewals: Array<TPracticeBase & TReapplications>;
  selfAssessments: Array<
    TPracticeBase & { current_accreditation: { id: number; self_assessment_due: string | null } | null }
  >;
  preferredDays: Array<
    TPracticeBase & {
      current_accreditation: {
        id: number;
        survey_visits: Array<{ id: number; status: string; due: string | null; archived: boolean }>;
      } | null;
    }
  >;
  confirmations: Array<
    TPracticeBase & {
      current_accreditation: {
        id: number;
        survey_visits: Array<{ id: number; type: string; date: string | null; due: string | null }>;
      } | null;
    }
  >;
  applicationPayments: Array<TPracticeBase & TReapplications>;
}
