import { graphql } from '../../../lib/graphql/graphql.ts';

/** The user's latest notifications, newest first (the bell's list). */
export const GetNotificationsQuery = graphql(`
  query GetNotifications($limit: Int!) {
    notifications(order_by: [{ created_at: desc }, { id: desc }], limit: $limit) {
      id
      kind
      title
      link
      created_at
      read_at
    }
  }
`);
