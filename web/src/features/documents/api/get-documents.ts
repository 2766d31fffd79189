import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/**
 * One page of documents (spec 002 §7 getDocuments: non-archived, newest first) for a folder or a
 * search (`documentsWhere`), with their folder and the total for paging.
 */
export const GetDocumentsQuery = graphql(`
  query GetDocuments($where: documents_bool_exp!, $limit: Int!, $offset: Int!) {
    documents(where: $where, order_by: [{ created_at: desc }, { id: desc }], limit: $limit, offset: $offset) {
      id
      name
      created_at
      effective_date
      review_date
      file_size
      file_type
      object_missing_at
      folder {
        id
        name
      }
    }
    documents_aggregate(where: $where) {
      aggregate {
        count
      }
    }
  }
`);

export type TDocumentRow = ResultOf<typeof GetDocumentsQuery>['documents'][number];
