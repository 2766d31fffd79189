import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * A document's effective and review dates (docs/decisions/evidence.md#documents): the practice
 * manager's (and the back office's) update columns of `documents`; a review date before the
 * effective date is refused by the database ('The review date cannot be before the effective date').
 */
export const UpdateDocumentDatesMutation = graphql(`
  mutation UpdateDocumentDates($id: Int!, $effective: date!, $review: date) {
    update_documents_by_pk(pk_columns: { id: $id }, _set: { effective_date: $effective, review_date: $review }) {
      id
      effective_date
      review_date
    }
  }
`);
