import { ONE_LINE_CONTROL_CHARACTERS } from '../validation/control-characters.ts';

/**
 * The notification centre (the header's bell; docs/decisions/notifications.md): the kinds of
 * event a user is told of as it happens, each with the path of its screen. The database refuses
 * any other kind (`notifications_kind_known`).
 */
export const NOTIFICATION_KINDS = [
  'SURVEY_OFFER',
  'PREFERRED_DAYS_REQUESTED',
  'SURVEY_CONFIRMATION',
  'SURVEY_SUBMITTED',
  'REVIEW_NOTICE',
  'ACTION_PLAN',
  'CERTIFICATE_ISSUED',
  'ASSISTANCE_REQUESTED',
] as const;
export type TNotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How many notifications the bell lists (the latest; older ones stay in the database). */
export const NOTIFICATION_LIST_SIZE = 20;

/** The bell's accessible name: what it is and how many are unread. */
export function notificationBellLabel(unread: number): string {
  if (unread === 0) return 'Notifications, none unread';
  return `Notifications, ${unread} unread`;
}

/** A notification's title, one line of at most 300 characters (the database's rule). */
export function notificationTitle(text: string): string {
  const line = text
    .replace(new RegExp(ONE_LINE_CONTROL_CHARACTERS.source, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
