import { graphql } from '../../../lib/graphql/graphql.ts';

/** Deletes (archives) an indicator file (spec 002 §7 PUT document/{id}/ archived true). */
export const ArchiveIndicatorDocumentMutation = graphql(`
  mutation ArchiveIndicatorDocument($id: Int!) {
    update_documents_by_pk(pk_columns: { id: $id }, _set: { archived: true }) {
      id
      archived
    }
  }
`);
