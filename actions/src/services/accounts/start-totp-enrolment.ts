import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { newTotpSecret, totpUri } from '../../lib/totp.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { lockLiveTotp } from './factor-store.ts';
import { actorOf, findUserById } from './users.ts';

/** What the set-up screen shows: the key to type and the link the QR code holds. */
export interface TotpEnrolment {
  factorId: number;
  secret: string;
  uri: string;
}

/**
 * POST /api/user/factors/totp: starts setting up an authenticator app. A new secret is stored
 * unconfirmed (an earlier unfinished set-up is archived); nothing changes at sign-in until the
 * user confirms it with a code. One authenticator app per account (passkeys beside it are
 * another kind): with one set up, the answer is 409 until it is removed.
 */
export async function startTotpEnrolment(deps: AccountsDeps, signedIn: SignedInUser): Promise<TotpEnrolment> {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  const secret = newTotpSecret();
  const factorId = await deps.db.transaction(async (tx) => {
    const live = await lockLiveTotp(tx, user.id);
    if (live?.confirmed) {
      throw new AppError('invalid_transition', {
        message: 'An authenticator app is already set up. Remove it first to set up another.',
      });
    }
    if (live) await tx.many(sql`update public.user_factors set removed_at = now() where id = ${live.id}`);
    const row = await tx.one<{ id: number }>(sql`
      insert into public.user_factors (user_id, totp_secret) values (${user.id}, ${secret}) returning id`);
    return row.id;
  }, actorOf(user));
  return { factorId, secret, uri: totpUri(secret, user.email) };
}
