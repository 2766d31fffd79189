import { graphql } from '../../../lib/graphql/graphql.ts';

/** The choices of the report filters: states, practice networks and the QAMs who hold an accreditation. */
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
    accreditations(distinct_on: qam_id, order_by: { qam_id: asc }, where: { qam_id: { _is_null: false } }) {
      qam {
        id
        first_name
        last_name
      }
    }
  }
`);
