import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** Someone a practice's e-mail goes to. */
export interface PracticeRecipient {
  email: string;
  first_name: string;
}

/**
 * Who a practice's accreditation e-mails go to: its active practice managers (active users) and the
 * cycle's nominated accreditation contact (not archived, with an address), each address once
 * (case-insensitive; a manager's own name wins over the contact's).
 */
export function practiceRecipients(
  db: Queryable,
  where: { practiceId: number; accreditationId: number },
): Promise<readonly PracticeRecipient[]> {
  return db.many<PracticeRecipient>(sql`
    select distinct on (lower(email)) email, first_name from (
      select u.email::text as email, u.first_name, 1 as rank
        from public.practice_users pu join public.users u on u.id = pu.user_id
       where pu.practice_id = ${where.practiceId} and pu.role = 'PM' and pu.active and u.is_active
      union all
      select c.email::text, c.first_name, 2
        from public.accreditations a join public.contacts c on c.id = a.nominated_accreditation_contact_id
       where a.id = ${where.accreditationId} and c.email is not null and not c.archived) r
     order by lower(email), rank`);
}
