import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * An edition's standards as the assessment screen shows them (spec 001 §2): its standards sets,
 * their indicators, checklist questions and items, and resources. They do not change within an
 * edition, so the screen asks for them once per edition (`cache-first`: the normalised cache
 * keeps them, by id, across the edition's assessments); the assessment's own data is
 * `GetAssessmentQuery`.
 */
export const GetEditionStandardsQuery = graphql(`
  query GetEditionStandards($id: Int!) {
    survey_versions_by_pk(id: $id) {
      id
      name
      indicator_sets(where: { type: { _eq: STANDARDS } }, order_by: [{ sort_order: asc }, { id: asc }]) {
        id
        name
        full_code
        indicators(order_by: [{ sort_order: asc }, { id: asc }]) {
          id
          code
          name
          criterion_code
          description
          document_folder_id
          evidence_lookback_months
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
          }
        }
      }
    }
  }
`);
