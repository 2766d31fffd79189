import { notificationTitle, type TNotificationKind } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

export interface TNotice {
  kind: TNotificationKind;
  title: string;
  /** The path of the screen it opens (an app path, '/…'). */
  link: string;
}

/**
 * Tells users of an event in the header's bell. Call it with the transaction of the change that
 * causes it: the notification exists if and only if the change committed. Inactive accounts and
 * unknown ids are skipped; each user is told once per call.
 */
export async function notifyUsers(
  tx: Queryable,
  userIds: readonly number[],
  notice: TNotice,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await tx.many<{ id: number }>(sql`
    insert into public.notifications (user_id, kind, title, link)
    select u.id, ${notice.kind}, ${notificationTitle(notice.title)}, ${notice.link}
      from public.users u
     where u.id = any(${[...new Set(userIds)]}::integer[]) and u.is_active
    returning id`);
  return rows.length;
}

/** The same, for the users who have these e-mail addresses (an e-mail's recipients; others are not users). */
export async function notifyEmails(
  tx: Queryable,
  emails: readonly string[],
  notice: TNotice,
): Promise<number> {
  if (emails.length === 0) return 0;
  const users = await tx.many<{ id: number }>(sql`
    select id from public.users where email = any(${[...emails]}::public.citext[])`);
  return notifyUsers(
    tx,
    users.map((u) => u.id),
    notice,
  );
}
