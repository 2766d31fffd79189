import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** The surveyor's declared conflicts of interest, with the practice's or network's name. */
export const GetConflictsQuery = graphql(`
  query GetConflicts($userId: Int!) {
    surveyor_conflicts(where: { user_id: { _eq: $userId } }, order_by: [{ archived: asc }, { created_at: desc }]) {
      id
      practice_id
      network_id
      subject_name
      subject_suburb
      reason
      from_date
      to_date
      archived
    }
  }
`);
export type TConflict = ResultOf<typeof GetConflictsQuery>['surveyor_conflicts'][number];
