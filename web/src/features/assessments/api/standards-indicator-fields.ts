import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * An indicator of an edition's standards as the assessment screen shows it: its words, codes, the
 * folder its evidence goes to, and its checklist questions with their items. The screen's
 * `GetEditionStandards` and the editions' preview select it alike (each adds its own resources).
 */
export const StandardsIndicatorFields = graphql(`
  fragment StandardsIndicatorFields on indicators @_unmask {
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
  }
`);
