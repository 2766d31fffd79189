import { graphql } from '../../../lib/graphql/graphql.ts';

/** Clears the practice's documents first-view flag (spec 000 §4, 002 §2 the first-time alert). */
export const UpdateDocumentsFirstViewMutation = graphql(`
  mutation UpdateDocumentsFirstView($practiceId: Int!) {
    update_practices_by_pk(pk_columns: { organisation_id: $practiceId }, _set: { is_documents_first_view: false }) {
      organisation_id
      is_documents_first_view
    }
  }
`);
