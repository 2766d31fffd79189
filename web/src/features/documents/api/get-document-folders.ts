import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/**
 * The folders of the Documents screen (spec 002 §7 getFolders: visible, non-archived; the
 * provider's and the practice's own), each with how many live documents of this practice it holds.
 */
export const GetDocumentFoldersQuery = graphql(`
  query GetDocumentFolders($practiceId: Int!) {
    folders(
      where: {
        archived: { _eq: false }
        visible: { _eq: true }
        _or: [{ practice_id: { _eq: $practiceId } }, { practice_id: { _is_null: true } }]
      }
      order_by: [{ sort_order: asc }, { name: asc }, { id: asc }]
    ) {
      id
      name
      code
      empty_hidden
      documents_aggregate(
        where: {
          practice_id: { _eq: $practiceId }
          archived: { _eq: false }
          uploaded_at: { _is_null: false }
        }
      ) {
        aggregate {
          count
        }
      }
    }
  }
`);

export type TDocumentFolderRow = ResultOf<typeof GetDocumentFoldersQuery>['folders'][number];
