import { graphql } from '../../../lib/graphql/graphql.ts';

/** How many of the user's notifications are unread, live (the bell's badge). */
export const UnreadNotificationsSubscription = graphql(`
  subscription UnreadNotifications {
    notifications_aggregate(where: { read_at: { _is_null: true } }) {
      aggregate {
        count
      }
    }
  }
`);
