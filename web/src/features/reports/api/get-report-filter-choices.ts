import { graphql } from '../../../lib/graphql/graphql.ts';

/** The choices of the report filters: states, practice networks and QAMs. */
export const GetReportFilterChoicesQuery = graphql(`
  query GetReportFilterChoices {
    australian_state(order_by: { value: asc }) {
      value
      comment
    }
    practice_networks(order_by: { name: asc }) {
      id
      name
    }
    users(where: { is_qam: { _eq: true } }, order_by: [{ last_name: asc }, { first_name: asc }]) {
      id
      first_name
      last_name
    }
  }
`);
