import {
  CONFIRM_EMAIL_PATH,
  loginPath,
  PRODUCT_NAME,
  REGISTRATION_LINK_HOURS,
  RESET_PATH,
  type TRegisterRequest,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { AccountsDeps } from './deps.ts';
import { findUserByEmail, type UserRow } from './users.ts';

/** At most this many sign-up e-mails per address and hour, so nobody can flood a mailbox. */
const MAX_MAILS_PER_HOUR = 5;

async function recentMails(tx: Queryable, email: string, template: string) {
  const row = await tx.one<{ count: number }>(sql`
    select count(*)::integer as count from public.email_outbox
     where to_address = ${email} and template = ${template} and created_at > now() - interval '1 hour'`);
  return row.count;
}

/** Tells the owner of an existing account that someone tried to sign up with their address. */
async function notifyOwner(deps: AccountsDeps, user: UserRow) {
  const origin = deps.config.appOrigin;
  await deps.db.transaction(async (tx) => {
    if ((await recentMails(tx, user.email, 'registration-existing-account')) >= MAX_MAILS_PER_HOUR) {
      deps.log.warn({ userId: user.id }, 'sign-up attempts on an existing address over the hourly limit');
      return;
    }
    await deps.outbox.enqueue(tx, {
      to: user.email,
      subject: `You already have a ${PRODUCT_NAME} account`,
      template: 'registration-existing-account',
      text: [
        user.first_name ? `Hello ${user.first_name},` : 'Hello,',
        '',
        `Someone (perhaps you) tried to create a ${PRODUCT_NAME} account with this e-mail address,`,
        'which already has one. Nothing about your account has changed.',
        '',
        `Sign in: ${origin}${loginPath()}`,
        `Forgot your password? Reset it: ${origin}${RESET_PATH}`,
        '',
        'If this was not you, you can ignore this e-mail.',
      ].join('\n'),
    });
  });
}

/** Keeps the sign-up until the address is confirmed, and sends the link that confirms it. */
async function sendConfirmation(deps: AccountsDeps, input: TRegisterRequest, passwordHash: string) {
  const token = randomToken();
  const link = `${deps.config.appOrigin}${CONFIRM_EMAIL_PATH}?token=${encodeURIComponent(token)}`;
  await deps.db.transaction(async (tx) => {
    if ((await recentMails(tx, input.email, 'registration-confirm')) >= MAX_MAILS_PER_HOUR) {
      deps.log.warn('sign-up requests for one address over the hourly limit; no e-mail sent');
      return;
    }
    await tx.many(sql`
      insert into public.pending_registrations (email, first_name, last_name, password_hash, token_hash, expires_at)
      values (${input.email}, ${input.firstName}, ${input.lastName}, ${passwordHash}, ${sha256Hex(token)},
              now() + make_interval(hours => ${REGISTRATION_LINK_HOURS}))`);
    await deps.outbox.enqueue(tx, {
      to: input.email,
      subject: `Confirm your e-mail address to finish creating your ${PRODUCT_NAME} account`,
      template: 'registration-confirm',
      text: [
        `Hello ${input.firstName},`,
        '',
        `Open this link within ${REGISTRATION_LINK_HOURS} hours to confirm your address and sign in: ${link}`,
        '',
        'If you did not sign up, you can ignore this e-mail; no account is created without this link.',
      ].join('\n'),
    });
  });
}

/**
 * A sign-up without an invitation. Answers nothing, so the route answers the same whether or
 * not the address has an account, after the same work (one scrypt hash either way): a new
 * address gets a confirmation link (no user exists until it is opened), an active account's
 * owner gets a note to sign in or reset the password. A deactivated account gets nothing.
 */
export async function requestRegistration(deps: AccountsDeps, input: TRegisterRequest): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const user = await findUserByEmail(deps.db, input.email);
  if (user) {
    if (user.is_active) await notifyOwner(deps, user);
    return;
  }
  await sendConfirmation(deps, input, passwordHash);
}
