import type { TRegisterRequest } from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { hashPassword } from '../../lib/password-hash.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { AccountsDeps } from './deps.ts';
import type { ClientInfo } from './sessions.ts';
import { openSession, type SignedIn } from './sign-in.ts';
import { findUserByEmail, findUserById } from './users.ts';

interface InvitationRow {
  id: number;
  practice_id: number;
  practice_staff_id: number | null;
  email: string;
  role: string;
}

const emailUnavailable = () =>
  new AppError('email_unavailable', {
    fields: { email: 'An account cannot be created with this e-mail address.' },
  });

/** Locks a usable invitation by its token (INVITED and not expired), or refuses. */
async function claimInvitation(tx: Queryable, token: string, email: string): Promise<InvitationRow> {
  const invitation = await tx.maybeOne<InvitationRow>(sql`
    select id, practice_id, practice_staff_id, email::text as email, role from public.invitations
     where token_hash = ${sha256Hex(token)} and status = 'INVITED' and expires_at > now()
     for update`);
  if (!invitation) throw new AppError('invitation_invalid');
  if (invitation.email.toLowerCase() !== email) {
    throw new AppError('invalid_input', {
      message: 'Please use the e-mail address the invitation was sent to.',
      fields: { email: 'Please use the e-mail address the invitation was sent to.' },
    });
  }
  return invitation;
}

/**
 * Creates an account and signs it in. With an invitation token, in the same transaction:
 * accepts the invitation, links the staff record and gives the invited practice role. The
 * new user is the actor the audit log records (the id is drawn before the transaction so
 * `hasura.user` can be set first).
 */
export async function registerUser(
  deps: AccountsDeps,
  input: TRegisterRequest,
  client: ClientInfo,
): Promise<SignedIn> {
  if (await findUserByEmail(deps.db, input.email)) throw emailUnavailable();
  const passwordHash = await hashPassword(input.password);
  const { id } = await deps.db.one<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('public.users', 'id'))::integer as id`,
  );
  try {
    await deps.db.transaction(
      async (tx) => {
        const invitation = input.invitationToken
          ? await claimInvitation(tx, input.invitationToken, input.email)
          : null;
        await tx.many(sql`
          insert into public.users (id, email, password_hash, first_name, last_name)
          overriding system value values (${id}, ${input.email}, ${passwordHash}, ${input.firstName}, ${input.lastName})`);
        if (!invitation) return;
        await tx.many(sql`update public.invitations set status = 'ACCEPTED', accepted_user_id = ${id},
          responded_at = now() where id = ${invitation.id}`);
        if (invitation.practice_staff_id !== null) {
          await tx.many(
            sql`update public.practice_staff set user_id = ${id} where id = ${invitation.practice_staff_id}`,
          );
        }
        await tx.many(sql`
          insert into public.practice_users (practice_id, user_id, role)
          values (${invitation.practice_id}, ${id}, ${invitation.role})
          on conflict (practice_id, user_id, role) do update set active = true`);
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
