import { canUseAdminConsole } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';

/** The provider admin acting on another account, and that account. */
export interface AdminOnUser {
  admin: { id: number; isSuperadmin: boolean };
  user: { id: number; email: string; firstName: string; isSuperadmin: boolean };
}

export const ADMIN_USERS_REFUSED = 'Only a provider admin can manage users’ sign-in.';

/**
 * The caller is an active provider admin NOW, whatever their token still says (an admin removed
 * or deactivated since it was issued is refused): else 403 with `refused`.
 */
export async function requireActiveProviderAdmin(
  q: Queryable,
  userId: number,
  refused: string,
): Promise<{ is_superadmin: boolean }> {
  const caller = await q.maybeOne<{ is_active: boolean; is_admin: boolean; is_superadmin: boolean }>(
    sql`select is_active, is_admin, is_superadmin from public.users where id = ${userId}`,
  );
  if (!canUseAdminConsole(caller ? { isActive: caller.is_active, isAdmin: caller.is_admin } : null))
    throw new AppError('forbidden', { message: refused });
  return { is_superadmin: caller!.is_superadmin };
}

/**
 * The gate of the admin tools on a user's sign-in: the caller is an active provider admin NOW
 * (whatever the token still says, as the console's gate), the account exists (404 otherwise),
 * and only a super admin may act on a super admin's account.
 */
export async function loadAdminOnUser(q: Queryable, adminId: number, userId: number): Promise<AdminOnUser> {
  const admin = await requireActiveProviderAdmin(q, adminId, ADMIN_USERS_REFUSED);
  const user = await q.maybeOne<{ id: number; email: string; first_name: string; is_superadmin: boolean }>(
    sql`select id, email::text as email, first_name, is_superadmin from public.users where id = ${userId}`,
  );
  if (!user) throw new AppError('not_found', { message: 'No such user.' });
  if (user.is_superadmin && !admin.is_superadmin)
    throw new AppError('forbidden', { message: 'Only a super admin can manage a super admin’s sign-in.' });
  return {
    admin: { id: adminId, isSuperadmin: admin.is_superadmin },
    user: { id: user.id, email: user.email, firstName: user.first_name, isSuperadmin: user.is_superadmin },
  };
}
