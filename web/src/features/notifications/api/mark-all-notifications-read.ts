import { graphql } from '../../../lib/graphql/graphql.ts';

/** Marks every unread notification of the user read. */
export const MarkAllNotificationsReadMutation = graphql(`
  mutation MarkAllNotificationsRead {
    update_notifications(where: { read_at: { _is_null: true } }, _set: { read_at: "now()" }) {
      affected_rows
    }
  }
`);
