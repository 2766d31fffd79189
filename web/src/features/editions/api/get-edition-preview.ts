import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * One edition's standards for its preview: every set (standards and modules) with its indicators,
 * checklist questions, items and resources, selected as the assessment screen selects them
 * (`GetAssessmentQuery`) so its components show them, plus what only the preview shows (a set's
 * type, an indicator's mandatory and flagged marks, who each resource is for).
 */
export const GetEditionPreviewQuery = graphql(`
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
          id
          code
          name
          criterion_code
          description
          document_folder_id
          evidence_lookback_months
          mandatory
          flagged
          checklists(order_by: { question_number: asc }) {
            id
            question_number
            question_text
            checklist_items(order_by: { item_number: asc }) {
              id
              item_number
              item_text
              must_have
            }
          }
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
`);
