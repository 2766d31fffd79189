import { gql } from '@urql/core';

/**
 * The practice list in ONE request (spec 000 §7): a page of practices with their current
 * accreditation, visits, the signed-in user's roles, address, open reapplications, QAM and
 * network; the total; the distinct network names; the states to filter by.
 */
export const GetPracticeListQuery = gql`
  query GetPracticeList(
    $where: practices_bool_exp!
    $networksWhere: practices_bool_exp!
    $orderBy: [practices_order_by!]!
    $limit: Int!
    $offset: Int!
    $userId: Int!
    $today: date!
  ) {
    practices(where: $where, order_by: $orderBy, limit: $limit, offset: $offset) {
      organisation_id
      status
      organisation {
        id
        name
        physical_address {
          id
          suburb
          state
        }
      }
      network {
        id
        name
      }
      practice_users(where: { user_id: { _eq: $userId }, active: { _eq: true } }) {
        id
        role
      }
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
      }
      current_accreditation {
        id
        status
        expiry_date
        ext_date
        self_assessment_due
        survey_visit_due
        qam {
          id
          first_name
          last_name
        }
        assessments(where: { type: { _eq: SURVEY_VISIT } }, order_by: { created_at: desc }, limit: 1) {
          id
          type
          status
          created_at
        }
        booked_visits: survey_visits(
          where: { archived: { _eq: false }, date: { _is_null: false } }
          order_by: { date: desc }
          limit: 1
        ) {
          id
          date
        }
        preferred_days_visits: survey_visits(
          where: {
            archived: { _eq: false }
            status: { _eq: PREFERRED_DAYS_REQ }
            due: { _gt: $today }
            survey_visitors: { user_id: { _eq: $userId }, status: { _neq: DECLINED } }
          }
          order_by: { due: asc }
          limit: 1
        ) {
          id
          due
        }
      }
    }
    practices_aggregate(where: $where) {
      aggregate {
        count
      }
    }
    networks: practices(distinct_on: network_id, where: $networksWhere, order_by: { network_id: asc }) {
      organisation_id
      network {
        id
        name
      }
    }
    states: __type(name: "australian_state_enum") {
      name
      enumValues {
        name
        description
      }
    }
  }
`;

export interface TPracticeListItem {
  organisation_id: number;
  status: string;
  organisation: {
    id: number;
    name: string;
    physical_address: { id: number; suburb: string | null; state: string | null } | null;
  };
  network: { id: number; name: string } | null;
  practice_users: Array<{ id: number; role: string }>;
  reapplications: Array<{ id: number; status: string }>;
  current_accreditation: {
    id: number;
    status: string;
    expiry_date: string | null;
    ext_date: string | null;
    self_assessment_due: string | null;
    survey_visit_due: string | null;
    qam: { id: number; first_name: string; last_name: string } | null;
    assessments: Array<{ id: number; type: string; status: string; created_at: string }>;
    booked_visits: Array<{ id: number; date: string }>;
    preferred_days_visits: Array<{ id: number; due: string }>;
  } | null;
}

export interface TGetPracticeListResult {
  practices: TPracticeListItem[];
  practices_aggregate: { aggregate: { count: number } | null };
  networks: Array<{ organisation_id: number; network: { id: number; name: string } | null }>;
  states: { name: string; enumValues: Array<{ name: string; description: string | null }> | null } | null;
}
