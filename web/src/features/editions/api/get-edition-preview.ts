import { graphql } from '../../../lib/graphql/graphql.ts';
import { StandardsIndicatorFields } from '../../assessments/index.ts';

/**
 * One edition's standards for its preview: every set (standards and modules) with its indicators,
 * checklist questions, items and resources, each indicator selected as the assessment screen
 * selects it (`StandardsIndicatorFields`) so its components show them, plus what only the
 * preview shows (a set's type, an indicator's mandatory and flagged marks, who each resource is for).
 */
export const GetEditionPreviewQuery = graphql(
  `
  query GetEditionPreview($id: Int!) {
    survey_versions_by_pk(id: $id) {
      id
      code
      name
      status
      effective_from
      is_current
      created_at
      published_at
      retired_at
      indicator_sets(order_by: [{ sort_order: asc }, { id: asc }]) {
        id
        name
        full_code
        type
        indicators(order_by: [{ sort_order: asc }, { id: asc }]) {
          ...StandardsIndicatorFields
          mandatory
          flagged
          indicator_resources(where: { archived: { _eq: false } }, order_by: { name: asc }) {
            id
            name
            url
            file_type
            for_pm
            for_surveyor
          }
        }
      }
    }
  }
`,
  [StandardsIndicatorFields],
);
