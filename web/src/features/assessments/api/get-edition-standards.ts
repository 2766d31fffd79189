import { graphql } from '../../../lib/graphql/graphql.ts';
import { StandardsIndicatorFields } from './standards-indicator-fields.ts';

/**
 * An edition's standards as the assessment screen shows them (spec 001 §2): its standards sets,
 * their indicators, checklist questions and items, and resources. They do not change within an
 * edition, so the screen asks for them once per edition (`cache-first`: the normalised cache
 * keeps them, by id, across the edition's assessments); the assessment's own data is
 * `GetAssessmentQuery`.
 */
export const GetEditionStandardsQuery = graphql(
  `
  query GetEditionStandards($id: Int!) {
    survey_versions_by_pk(id: $id) {
      id
      name
      indicator_sets(where: { type: { _eq: STANDARDS } }, order_by: [{ sort_order: asc }, { id: asc }]) {
        id
        name
        full_code
        indicators(order_by: [{ sort_order: asc }, { id: asc }]) {
          ...StandardsIndicatorFields
          indicator_resources(where: { archived: { _eq: false } }, order_by: { name: asc }) {
            id
            name
            url
            file_type
          }
        }
      }
    }
  }
`,
  [StandardsIndicatorFields],
);
