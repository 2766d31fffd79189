import { PRODUCT_NAME, RESET_PATH, type TPasswordResetRequest } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { AccountsDeps } from './deps.ts';
import { findUserByEmail } from './users.ts';

/** A reset link works for one hour. */
export const RESET_TOKEN_SECONDS = 3600;
/** At most this many links per account and hour, so nobody can flood someone's mailbox. */
const MAX_RESETS_PER_HOUR = 5;

/**
 * Sends a single-use reset link when an active account has this e-mail; otherwise does
 * nothing. The caller answers the same either way. Only the newest link of an account works:
 * the older open ones are superseded (kept, marked) in the same transaction as the new token
 * row and its e-mail (the database holds one open link per account, a partial unique index).
 */
export async function requestPasswordReset(deps: AccountsDeps, input: TPasswordResetRequest): Promise<void> {
  const user = await findUserByEmail(deps.db, input.email);
  if (!user?.is_active) return;
  const token = randomToken();
  const link = `${deps.config.appOrigin}${RESET_PATH}?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    // One request of an account at a time: the hourly count and the one open link both hold
    // when two requests arrive together.
    await tx.many(sql`select pg_advisory_xact_lock(hashtext('password-reset'), ${user.id})`);
    const recent = await tx.one<{ count: number }>(sql`
      select count(*)::integer as count from public.password_resets
       where user_id = ${user.id} and created_at > now() - interval '1 hour'`);
    if (recent.count >= MAX_RESETS_PER_HOUR) {
      deps.log.warn({ userId: user.id }, 'password reset requests over the hourly limit; no e-mail sent');
      return;
    }
    await tx.many(sql`
      update public.password_resets set superseded_at = now()
       where user_id = ${user.id} and used_at is null and superseded_at is null`);
    await tx.many(sql`
      insert into public.password_resets (user_id, token_hash, expires_at)
      values (${user.id}, ${sha256Hex(token)}, now() + make_interval(secs => ${RESET_TOKEN_SECONDS}))`);
    const greeting = user.first_name ? `Hello ${user.first_name},` : 'Hello,';
    await deps.outbox.enqueue(tx, {
      to: user.email,
      subject: 'Reset your password',
      template: 'password-reset',
      text: [
        greeting,
        '',
        `We received a request to reset the password of your ${PRODUCT_NAME} account.`,
        `Open this link within one hour to choose a new password: ${link}`,
        'It replaces any reset link we sent you before: only the newest one works.',
        '',
        'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
      ].join('\n'),
    });
  });
}
