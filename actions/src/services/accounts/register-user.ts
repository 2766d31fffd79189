import type { TRegisterRequest } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { acceptClaimedInvitation, claimInvitation } from '../invitations/claim-invitation.ts';
import type { AccountsDeps } from './deps.ts';
import type { ClientInfo } from './sessions.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { findUserByEmail, findUserById } from './users.ts';

const emailUnavailable = () =>
  new AppError('email_unavailable', {
    fields: { email: 'An account cannot be created with this e-mail address.' },
  });

/**
 * Creates the account of an invitation and signs it in: the invitation's token proves the
 * address (it was mailed there), so no confirmation link is needed. In the same transaction:
 * gives the invited practice role, links the staff record and accepts the invitation. The
 * invitation is checked before the address, so a made-up token says nothing about which
 * addresses have accounts; only the token holder, who got it at that address, learns that
 * theirs has one. The new user is the actor the audit log records (the id is drawn before the
 * transaction so `hasura.user` can be set first). Sign-ups without an invitation go through
 * requestRegistration.
 */
export async function registerUser(
  deps: AccountsDeps,
  input: TRegisterRequest & { invitationToken: string },
  client: ClientInfo,
): Promise<SignedIn> {
  const passwordHash = await hashPassword(input.password);
  const { id } = await deps.db.one<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('public.users', 'id'))::integer as id`,
  );
  try {
    await deps.db.transaction(
      async (tx) => {
        const invitation = await claimInvitation(tx, input.invitationToken, input.email);
        if (await findUserByEmail(tx, input.email)) throw emailUnavailable();
        await tx.many(sql`
          insert into public.users (id, email, password_hash, first_name, last_name)
          overriding system value values (${id}, ${input.email}, ${passwordHash}, ${input.firstName}, ${input.lastName})`);
        await acceptClaimedInvitation(tx, invitation, id);
      },
      { userId: id, role: 'user' },
    );
  } catch (error) {
    // Two registrations of one address at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw emailUnavailable();
    throw error;
  }
  const user = await findUserById(deps.db, id);
  return openSession(deps, user!, client);
}
