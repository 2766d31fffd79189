import { sql } from '../../db/sql.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';

/** A set-up factor as Account Settings lists it: never its secret. */
export interface ListedFactor {
  id: number;
  kind: 'totp' | 'passkey';
  label: string;
  addedAt: string;
  lastUsedAt: string | null;
}

/**
 * GET /api/user/factors: the caller's confirmed factors (the authenticator app, passkeys by the
 * names their owner gave them; added and last used) and how many recovery codes are left.
 */
export async function listFactors(
  deps: AccountsDeps,
  signedIn: SignedInUser,
): Promise<{ factors: ListedFactor[]; recoveryCodesLeft: number }> {
  const factors = await deps.db.many<ListedFactor>(sql`
    select id, kind, label, confirmed_at as "addedAt", last_code_at as "lastUsedAt"
      from public.user_factors
     where user_id = ${signedIn.id} and removed_at is null and confirmed_at is not null
     order by id`);
  const left = await deps.db.one<{ count: number }>(sql`
    select count(*)::int as count from public.user_recovery_codes
     where user_id = ${signedIn.id} and used_at is null and archived_at is null`);
  return { factors, recoveryCodesLeft: left.count };
}
