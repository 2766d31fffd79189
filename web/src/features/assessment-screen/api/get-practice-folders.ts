import { graphql } from '../../../lib/graphql/graphql.ts';

/** The folders an indicator file can go to (spec 002 §7 getFolders: visible, non-archived). */
export const GetPracticeFoldersQuery = graphql(`
  query GetPracticeFolders($practiceId: Int!) {
    folders(
      where: {
        archived: { _eq: false }
        visible: { _eq: true }
        _or: [{ practice_id: { _eq: $practiceId } }, { practice_id: { _is_null: true } }]
      }
      order_by: [{ sort_order: asc }, { name: asc }]
    ) {
      id
      name
      code
    }
  }
`);
