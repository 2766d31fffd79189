import { graphql } from '../../../lib/graphql/graphql.ts';

/** Marks one of the user's notifications read (the database's clock: read_at never before created_at). */
export const MarkNotificationReadMutation = graphql(`
  mutation MarkNotificationRead($id: bigint!) {
    update_notifications_by_pk(pk_columns: { id: $id }, _set: { read_at: "now()" }) {
      id
      read_at
    }
  }
`);
