import {
  canInviteStaff,
  INVITATION_VALID_DAYS,
  invitationPath,
  PRODUCT_NAME,
  STAFF_MESSAGES,
  type TInviteStatus,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import { enqueueEmail } from '../outbox/enqueue-email.ts';
import { type Caller, requireStaffFlag } from '../practices/practice-access.ts';

interface StaffForInvite {
  id: number;
  practice_id: number;
  email: string | null;
  first_name: string;
  practice_name: string;
  user_id: number | null;
  user_active: boolean | null;
  invite_id: number | null;
  invite_status: TInviteStatus | null;
  /** The caller's name, for the e-mail; null when they have none on record. */
  inviter_name: string | null;
}

/**
 * `sendStaffInvite(staffId)` (spec 000 §7 POST web.practicestaff/{id}/send_invite): invites a
 * staff member to the practice by e-mail. Allowed by the spec's rule (no account, active or not; no
 * invite yet, or one still INVITED, which is then revoked and replaced: RE-INVITE). The link
 * carries a new random token, of which only the hash is kept; it works for
 * INVITATION_VALID_DAYS days. The e-mail goes through the outbox in the same transaction.
 * Needs practiceStaff.inviteStaff.
 */
export async function sendStaffInvite(
  app: Pick<FastifyInstance, 'db' | 'config' | 'storage' | 'outbox' | 'log'>,
  caller: Caller,
  input: { staffId: number },
) {
  await requireStaffFlag(app.db, caller, input.staffId, (f) => f.practiceStaff.inviteStaff);
  const staff = await app.db.maybeOne<StaffForInvite>(sql`
    select s.id, s.practice_id, s.email::text as email, s.first_name, o.name as practice_name,
           s.user_id, u.is_active as user_active, i.id as invite_id, i.status as invite_status,
           (select nullif(trim(concat_ws(' ', me.first_name, me.last_name)), '')
              from public.users me where me.id = ${caller.userId}) as inviter_name
      from public.practice_staff s
      join public.organisations o on o.id = s.practice_id
      left join public.users u on u.id = s.user_id
      left join lateral (
        select id, status from public.invitations
         where practice_staff_id = s.id order by date_invited desc, id desc limit 1) i on true
     where s.id = ${input.staffId} and not s.archived`);
  if (!staff) throw new AppError('not_found', { message: 'There is no such staff member.' });

  const email = staff.email ?? '';
  if (!email) {
    throw new AppError('invalid_input', {
      message: STAFF_MESSAGES.inviteFailed('this staff member'),
      fields: { email: 'Required field' },
    });
  }
  const state = {
    user: staff.user_id === null ? null : { id: staff.user_id, is_active: !!staff.user_active },
    invite: staff.invite_status ? { status: staff.invite_status } : null,
  };
  if (!canInviteStaff(state)) {
    throw new AppError('invalid_input', {
      message: state.user
        ? 'This staff member already has an account.'
        : 'This staff member has already answered their invitation.',
    });
  }

  const token = randomToken();
  const link = `${app.config.appOrigin}${invitationPath(token)}`;
  const invite = await app.db.transaction(async (tx) => {
    // RE-INVITE: the old link stops working, so only the newest e-mail can be used.
    await tx.many(sql`
      update public.invitations set status = 'REVOKED', responded_at = now()
       where practice_staff_id = ${staff.id} and status = 'INVITED'`);
    const row = await tx.one<{ id: number; status: string; date_invited: Date; expires_at: Date }>(sql`
      insert into public.invitations (practice_id, practice_staff_id, email, role, token_hash, expires_at)
      values (${staff.practice_id}, ${staff.id}, ${email}, 'PM', ${sha256Hex(token)},
              now() + make_interval(days => ${INVITATION_VALID_DAYS}))
      returning id, status, date_invited, expires_at`);
    await enqueueEmail(tx, {
      to: email,
      subject: `You are invited to ${staff.practice_name} on ${PRODUCT_NAME}`,
      text: [
        `Hello ${staff.first_name},`,
        '',
        staff.inviter_name
          ? `${staff.inviter_name} of ${staff.practice_name} has invited you to join the practice on ${PRODUCT_NAME}.`
          : `${staff.practice_name} has invited you to join them on ${PRODUCT_NAME}.`,
        `Open this link to accept (it works for ${INVITATION_VALID_DAYS} days):`,
        link,
        '',
        'If you were not expecting this, you can ignore this e-mail.',
      ].join('\n'),
      template: 'staff-invite',
    });
    return row;
  }, caller.actor);
  return {
    id: invite.id,
    staffId: staff.id,
    email,
    status: invite.status,
    dateInvited: invite.date_invited.toISOString(),
    expiry: invite.expires_at.toISOString(),
    message: STAFF_MESSAGES.inviteSent(email),
  };
}
