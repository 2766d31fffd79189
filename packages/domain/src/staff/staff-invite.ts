import { STAFF_MESSAGES } from '../constants/messages.ts';

export type TInviteStatus = 'INVITED' | 'ACCEPTED' | 'REJECTED' | 'REVOKED';

/** What the invite rules look at on a staff row (spec 000 §3 user and invite). */
export interface StaffInviteState {
  user?: { id: number; is_active: boolean } | null;
  /** The latest invite of the staff member, if any. */
  invite?: { status: TInviteStatus } | null;
}

/**
 * A staff member can be invited when they have no user, are not active, and have no invite or
 * an invite still INVITED (spec 000 §4). Any linked account, even a deactivated one, rules an
 * invite out; "not active" is the account's state (every staff row is `active` by default, spec
 * 000 §3), which without an account holds anyway.
 */
export function canInviteStaff(staff: StaffInviteState): boolean {
  if (staff.user) return false;
  return !staff.invite || staff.invite.status === 'INVITED';
}

/** INVITE for the first invite, RE-INVITE while one is outstanding; null when not invitable. */
export function inviteButtonLabel(staff: StaffInviteState): 'INVITE' | 'RE-INVITE' | null {
  if (!canInviteStaff(staff)) return null;
  return staff.invite?.status === 'INVITED' ? 'RE-INVITE' : 'INVITE';
}

/** The tooltip of a staff row's account state (spec 000 §8), or null. */
export function staffAccountTooltip(staff: StaffInviteState): string | null {
  if (staff.user?.is_active) return STAFF_MESSAGES.tooltipActiveAccount;
  if (staff.user && !staff.user.is_active) return STAFF_MESSAGES.tooltipDeactivatedAccount;
  if (staff.invite?.status === 'REJECTED') return STAFF_MESSAGES.tooltipRejectedInvite;
  return null;
}

/** The invite toasts (5 seconds). */
export function inviteResultMessage(email: string, sent: boolean): string {
  return sent ? STAFF_MESSAGES.inviteSent(email) : STAFF_MESSAGES.inviteFailed(email);
}

/** How long an invitation link works. */
export const INVITATION_VALID_DAYS = 14;
