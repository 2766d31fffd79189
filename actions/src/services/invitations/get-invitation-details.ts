import { sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import {
  findInvitation,
  INVITATION_STATE_MESSAGES,
  invitationState,
  type TInvitationState,
} from './claim-invitation.ts';

/** What the public invite page may know about a token before anyone signs in. */
export interface TInvitationDetails {
  state: TInvitationState;
  /** Why the token cannot be used; null while it can. */
  message: string | null;
  practiceName: string | null;
  /** The invited address. */
  email: string | null;
  /** Who sent the invitation (their first and last name), when known. */
  inviterName: string | null;
}

/**
 * The state of an invitation token and, for a known one, the practice, the invited address and
 * the name of the user who sent it (`invited_by_id`). Unknown and revoked tokens say nothing more.
 */
export async function getInvitationDetails(db: Queryable, token: string): Promise<TInvitationDetails> {
  const invitation = await findInvitation(db, token);
  const state = invitationState(invitation);
  if (!invitation || state === 'INVALID') {
    return {
      state: 'INVALID',
      message: INVITATION_STATE_MESSAGES.INVALID,
      practiceName: null,
      email: null,
      inviterName: null,
    };
  }
  const row = await db.one<{ practice_name: string; inviter_name: string | null }>(sql`
    select o.name as practice_name,
           nullif(btrim(concat_ws(' ', u.first_name, u.last_name)), '') as inviter_name
      from public.invitations i
      join public.organisations o on o.id = i.practice_id
      left join public.users u on u.id = i.invited_by_id
     where i.id = ${invitation.id}`);
  return {
    state,
    message: state === 'VALID' ? null : INVITATION_STATE_MESSAGES[state],
    practiceName: row.practice_name,
    email: invitation.email,
    inviterName: row.inviter_name,
  };
}
