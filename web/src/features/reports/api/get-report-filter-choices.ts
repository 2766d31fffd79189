import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The choices of the report filters: states, practice networks, the QAMs who hold an accreditation
 * and the editions in use (the analytics report compares on one of them).
 */
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
    survey_versions(where: { status: { _neq: DRAFT } }, order_by: [{ effective_from: desc_nulls_last }, { id: desc }]) {
      id
      code
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
