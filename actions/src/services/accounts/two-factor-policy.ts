import { deriveUserFlags, type TTwoFactorPolicy, twoFactorRequiredFor } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { hasConfirmedFactor } from './factor-store.ts';
import { listUserPractices } from './get-current-user.ts';
import type { UserRow } from './users.ts';

/** The provider's two-factor policy (provider_settings, changed in the admin console). */
export async function readTwoFactorPolicy(q: Queryable): Promise<TTwoFactorPolicy> {
  const row = await q.one<TTwoFactorPolicy>(sql`
    select require_two_factor_provider_admin as "providerAdmin", require_two_factor_qam as qam,
           require_two_factor_surveyor as surveyor, require_two_factor_practice_user as "practiceUser"
      from public.provider_settings where id`);
  return row;
}

/**
 * Whether a session of this user may do nothing but enrol a second factor: the policy requires
 * one of a role of theirs and they have no confirmed factor. Asked at each sign-in and refresh, so
 * a policy changed or a factor reset takes effect within one access token's life.
 */
export async function mustEnrolFirst(
  q: Queryable,
  user: Pick<UserRow, 'id' | 'is_admin' | 'is_qam' | 'is_surveyor' | 'is_staff'>,
): Promise<boolean> {
  const practices = await listUserPractices(q, user.id);
  const flags = deriveUserFlags(
    {
      isStaff: user.is_staff,
      isSurveyor: user.is_surveyor,
      isAdmin: user.is_admin,
      isSuperadmin: false,
      isQam: user.is_qam,
      hasSpecialAccess: false,
    },
    practices,
  );
  const person = { ...flags, practiceCount: practices.length };
  if (!twoFactorRequiredFor(await readTwoFactorPolicy(q), person)) return false;
  return !(await hasConfirmedFactor(q, user.id));
}
