import {
  deriveUserFlags,
  displayName,
  type TPracticeRole,
  type TUserFlags,
  type UserPractice,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { StorageProvider } from '../../storage/storage-provider.ts';
import type { AccountsDeps } from './deps.ts';
import { findUserById, type UserRow } from './users.ts';

/** GET /api/user/current (and the `user` of a sign-in). */
export interface CurrentUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  title: string | null;
  name: string;
  avatarUrl: string | null;
  flags: TUserFlags;
  practices: UserPractice[];
  /** This session may do nothing but set up a second factor (the provider's two-factor policy). */
  mustEnrolTwoFactor: boolean;
}

/** Presigned avatar URLs last 12 hours: longer than a sign-in, so an open page keeps its picture. */
export const AVATAR_URL_SECONDS = 12 * 3600;

/** The avatar URL of a user, or null without an avatar (or without storage). */
export async function avatarUrl(storage: StorageProvider | null, key: string | null): Promise<string | null> {
  return storage && key ? storage.downloadUrl(key, AVATAR_URL_SECONDS) : null;
}

/** The practices the user has roles on, counting only active roles on ACTIVE practices. */
export async function listUserPractices(q: Queryable, userId: number): Promise<UserPractice[]> {
  const rows = await q.many<{ id: number; name: string; roles: TPracticeRole[] }>(sql`
    select p.organisation_id as id, o.name, array_agg(distinct pu.role order by pu.role) as roles
      from public.practice_users pu
      join public.practices p on p.organisation_id = pu.practice_id
      join public.organisations o on o.id = p.organisation_id
     where pu.user_id = ${userId} and pu.active and p.active_status = 'ACTIVE'
     group by p.organisation_id, o.name
     order by o.name, p.organisation_id`);
  return rows;
}

/** Builds the current-user answer from a user row. */
export async function describeUser(
  deps: Pick<AccountsDeps, 'db' | 'storage'>,
  user: UserRow,
  mustEnrolTwoFactor = false,
): Promise<CurrentUser> {
  const practices = await listUserPractices(deps.db, user.id);
  const facts = {
    isStaff: user.is_staff,
    isSurveyor: user.is_surveyor,
    isAdmin: user.is_admin,
    isSuperadmin: user.is_superadmin,
    isQam: user.is_qam,
    hasSpecialAccess: user.has_special_access,
  };
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    title: user.title,
    name: displayName({ firstName: user.first_name, lastName: user.last_name, email: user.email }),
    avatarUrl: await avatarUrl(deps.storage, user.avatar_key),
    flags: deriveUserFlags(facts, practices),
    practices,
    mustEnrolTwoFactor,
  };
}

/** The signed-in user; a deactivated account is treated like an expired session. */
export async function getCurrentUser(
  deps: AccountsDeps,
  session: { id: number; enrolmentOnly: boolean },
): Promise<CurrentUser> {
  const user = await findUserById(deps.db, session.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  return describeUser(deps, user, session.enrolmentOnly);
}
