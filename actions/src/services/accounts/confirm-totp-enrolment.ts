import { randomBytes } from 'node:crypto';
import { formatRecoveryCode, RECOVERY_CODE_COUNT, type TConfirmTotp } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError, ERROR_MESSAGES } from '../../errors/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import { totpStepOf } from '../../lib/totp.ts';
import type { SignedInUser } from '../../plugins/app/auth.ts';
import type { AccountsDeps } from './deps.ts';
import {
  archiveRecoveryCodes,
  lockLiveFactor,
  recordSecurityEvent,
  recordWrongCode,
} from './factor-store.ts';
import { endSessionsOf } from './sessions.ts';
import { actorOf, findUserById } from './users.ts';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 16 base32 characters, 80 random bits, so a plain SHA-256 is enough to store it. */
function newRecoveryCode(): string {
  return [...randomBytes(16)].map((byte) => BASE32[byte & 31]).join('');
}

type Outcome = { kind: 'confirmed'; codes: string[] } | { kind: 'wrongCode' | 'locked' | 'none' };

/**
 * POST /api/user/factors/totp/confirm: the code proves the app holds the key. The factor is then
 * confirmed (its step the last one used), and ten recovery codes replace any earlier ones; they
 * are answered once, in clear, and stored hashed. A wrong code counts towards the factor's lock
 * as at sign-in.
 */
export async function confirmTotpEnrolment(
  deps: AccountsDeps,
  signedIn: SignedInUser,
  input: TConfirmTotp,
): Promise<{ recoveryCodes: string[] }> {
  const user = await findUserById(deps.db, signedIn.id);
  if (!user?.is_active) throw new AppError('token_not_valid');
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const factor = await lockLiveFactor(tx, user.id);
    if (!factor || factor.confirmed) return { kind: 'none' };
    if (factor.locked) return { kind: 'locked' };
    const step = totpStepOf(factor.totp_secret, input.code);
    if (step === null) return { kind: (await recordWrongCode(tx, factor.id)) ? 'locked' : 'wrongCode' };
    await tx.many(sql`update public.user_factors set confirmed_at = now(), last_code_step = ${step},
      last_code_at = now(), code_failures = 0, code_failures_since = null where id = ${factor.id}`);
    await archiveRecoveryCodes(tx, user.id);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    for (const code of codes)
      await tx.many(
        sql`insert into public.user_recovery_codes (user_id, code_hash) values (${user.id}, ${sha256Hex(code)})`,
      );
    await recordSecurityEvent(tx, user.id, 'RECOVERY_CODES_ISSUED', 'recovery_code');
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
