import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** A row of `users` as the account operations read it. */
export interface UserRow {
  id: number;
  email: string;
  password_hash: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  avatar_key: string | null;
  is_staff: boolean;
  is_active: boolean;
  is_admin: boolean;
  is_qam: boolean;
  is_superadmin: boolean;
  is_surveyor: boolean;
  has_special_access: boolean;
}

const COLUMNS = sql`id, email::text as email, password_hash, title, first_name, last_name, avatar_key, is_staff,
  is_active, is_admin, is_qam, is_superadmin, is_surveyor, has_special_access`;

/** The user with this (normalised) e-mail, if any; the column is citext, so case does not matter. */
export function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  return q.maybeOne<UserRow>(sql`select ${COLUMNS} from public.users where email = ${email}`);
}

export function findUserById(q: Queryable, id: number): Promise<UserRow | undefined> {
  return q.maybeOne<UserRow>(sql`select ${COLUMNS} from public.users where id = ${id}`);
}

/** The Hasura role recorded as the actor of the user's own writes. */
export function actorOf(user: Pick<UserRow, 'id' | 'is_admin' | 'is_qam'>) {
  return { userId: user.id, role: user.is_admin ? 'provider_admin' : user.is_qam ? 'qam' : 'user' };
}
