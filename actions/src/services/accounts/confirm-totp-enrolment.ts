import { formatRecoveryCode, type TConfirmTotp } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError, ERROR_MESSAGES } from '../../errors/app-error.ts';
import { totpStepOf } from '../../lib/totp.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import { lockLiveTotp, recordWrongCode, recoveryCodesForNewFactor } from './factor-store.ts';
import { endSessionsOf } from './sessions.ts';
import { actorOf, findUserById } from './users.ts';

type Outcome = { kind: 'confirmed'; codes: string[] } | { kind: 'wrongCode' | 'locked' | 'none' };

/**
 * POST /api/user/factors/totp/confirm: the code proves the app holds the key. The factor is then
 * confirmed (its step the last one used). As the account's first factor it brings ten recovery
 * codes (answered once, in clear, and stored hashed); beside a passkey, the set the user has stays
 * and the answer has none. A wrong code counts towards the factor's lock as at sign-in.
 */
export async function confirmTotpEnrolment(
  deps: AccountsDeps,
  signedIn: SignedInUser,
  input: TConfirmTotp,
): Promise<{ recoveryCodes: string[] }> {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const factor = await lockLiveTotp(tx, user.id);
    if (!factor?.totp_secret || factor.confirmed) return { kind: 'none' };
    if (factor.locked) return { kind: 'locked' };
    const step = totpStepOf(factor.totp_secret, input.code);
    if (step === null)
      return { kind: (await recordWrongCode(tx, { factorId: factor.id })) ? 'locked' : 'wrongCode' };
    await tx.many(sql`update public.user_factors set confirmed_at = now(), last_code_step = ${step},
      last_code_at = now(), code_failures = 0, code_failures_since = null where id = ${factor.id}`);
    const codes = await recoveryCodesForNewFactor(tx, user.id, factor.id);
    // A factor changed: a session opened before it (perhaps by whoever knew the password) ends.
    await endSessionsOf(tx, user.id, { keep: signedIn.sessionId });
    return { kind: 'confirmed', codes };
  }, actorOf(user));
  if (outcome.kind === 'confirmed') return { recoveryCodes: outcome.codes.map(formatRecoveryCode) };
  if (outcome.kind === 'locked') throw new AppError('factor_locked');
  if (outcome.kind === 'wrongCode')
    throw new AppError('invalid_code', { fields: { code: ERROR_MESSAGES.invalid_code } });
  throw new AppError('invalid_transition', {
    message: 'This set-up has ended. Start again with "Set up an authenticator app".',
  });
}
