import { PRACTICE_LIST_ROW_FIELDS, type PracticeListRow } from '@portal/domain';
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
      ${PRACTICE_LIST_ROW_FIELDS}
      organisation {
        id
        physical_address {
          id
        }
      }
      network {
        id
      }
      practice_users(where: { user_id: { _eq: $userId }, active: { _eq: true } }) {
        id
        role
      }
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
      }
      current_accreditation {
        qam {
          id
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
    states: australian_state(order_by: { value: asc }) {
      value
      comment
    }
  }
`;

/**
 * One practice of the list: the shared row fields (what the table and the CSV both show, see
 * `practiceListCells`) plus what only the screen needs: the user's own roles (row lock) and a
 * visit waiting for their preferred days (Set Availability).
 */
export type TPracticeListItem = PracticeListRow & {
  practice_users: Array<{ id: number; role: string }>;
  current_accreditation?:
    | (NonNullable<PracticeListRow['current_accreditation']> & {
        preferred_days_visits?: Array<{ id: number; due: string }>;
      })
    | null;
};

export interface TGetPracticeListResult {
  practices: TPracticeListItem[];
  practices_aggregate: { aggregate: { count: number } | null };
  networks: Array<{ organisation_id: number; network: { id: number; name: string } | null }>;
  states: Array<{ value: string; comment: string }>;
}
