import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';

export interface InvitationRow {
  id: number;
  practice_id: number;
  practice_staff_id: number | null;
  email: string;
  role: string;
  status: string;
  expired: boolean;
}

/** What an invitation token is worth: usable, or why not. */
export type TInvitationState = 'VALID' | 'EXPIRED' | 'USED' | 'INVALID';

/** VALID while INVITED and not expired; USED once accepted or rejected; INVALID when revoked or unknown. */
export function invitationState(row: InvitationRow | undefined): TInvitationState {
  if (!row || row.status === 'REVOKED') return 'INVALID';
  if (row.status !== 'INVITED') return 'USED';
  return row.expired ? 'EXPIRED' : 'VALID';
}

/** Finds an invitation by its token (we keep only the hash); `lock` takes it for update. */
export async function findInvitation(db: Queryable, token: string, lock = false) {
  return db.maybeOne<InvitationRow>(sql`
    select id, practice_id, practice_staff_id, email::text as email, role, status, expires_at <= now() as expired
      from public.invitations where token_hash = ${sha256Hex(token)}
     ${lock ? sql`for update` : sql``}`);
}

/** Why a token cannot be used, in words (the code stays `invitation_invalid` for every reason). */
export const INVITATION_STATE_MESSAGES: Record<Exclude<TInvitationState, 'VALID'>, string> = {
  EXPIRED: 'This invitation has expired. Please ask the practice to send you a new one.',
  USED: 'This invitation has already been used. Please sign in to open the practice.',
  INVALID: 'This invitation link has expired or has already been used.',
};

/**
 * The error of a token that cannot be used: one code, `invitation_invalid` (what the web's
 * invite page already recognises), with a message distinct per reason.
 */
export function invitationError(state: Exclude<TInvitationState, 'VALID'>): AppError {
  return new AppError('invitation_invalid', { message: INVITATION_STATE_MESSAGES[state] });
}

/**
 * Locks a usable invitation for `email`, or refuses: expired, already used, revoked or unknown
 * tokens each with their own message; another e-mail address with a field message.
 */
export async function claimInvitation(tx: Queryable, token: string, email: string): Promise<InvitationRow> {
  const invitation = await findInvitation(tx, token, true);
  const state = invitationState(invitation);
  if (state !== 'VALID') throw invitationError(state);
  if (invitation!.email.toLowerCase() !== email.toLowerCase()) {
    throw new AppError('invalid_input', {
      message: 'Please use the e-mail address the invitation was sent to.',
      fields: { email: 'Please use the e-mail address the invitation was sent to.' },
    });
  }
  return invitation!;
}

/**
 * Accepts a claimed invitation for a user, inside the caller's transaction: the practice role
 * first (the staff guard lets only the practice's manager change a staff row), then the staff
 * row's link to the user (when it has none yet), then the invitation itself.
 */
export async function acceptClaimedInvitation(tx: Queryable, invitation: InvitationRow, userId: number) {
  await tx.many(sql`
    insert into public.practice_users (practice_id, user_id, role)
    values (${invitation.practice_id}, ${userId}, ${invitation.role})
    on conflict (practice_id, user_id, role) do update set active = true`);
  if (invitation.practice_staff_id !== null) {
    await tx.many(sql`
      update public.practice_staff set user_id = ${userId}
       where id = ${invitation.practice_staff_id} and (user_id is null or user_id <> ${userId})`);
  }
  await tx.many(sql`
    update public.invitations set status = 'ACCEPTED', accepted_user_id = ${userId}, responded_at = now()
     where id = ${invitation.id}`);
}
