import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The practice list in ONE request (spec 000 §7): a page of practices with their current
 * accreditation, visits, the signed-in user's roles, address, open reapplications, QAM and
 * network; the total; the distinct network names; the states to filter by. Each practice starts
 * with exactly the CSV's row fields (`PRACTICE_LIST_ROW_FIELDS` of @portal/domain, checked by
 * get-practice-list.test.ts), then what only the screen needs: ids, the user's own roles (row
 * lock) and a visit waiting for their preferred days (Set Availability).
 */
export const GetPracticeListQuery = graphql(`
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
      organisation { name physical_address { suburb state } }
      network { name }
      current_accreditation {
        id status expiry_date ext_date self_assessment_due survey_visit_due
        qam { first_name last_name }
        assessments(where: {type: {_eq: SURVEY_VISIT}}, order_by: {created_at: desc}, limit: 1) {
          type status created_at
        }
        booked_visits: survey_visits(
          where: {archived: {_eq: false}, status: {_eq: FINAL}, date: {_is_null: false}}, order_by: {date: desc}, limit: 1
        ) { id date status }
      }
      reapplications(where: {status: {_in: [DUE, PAYMENT_PENDING]}}) { status }
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
`);
