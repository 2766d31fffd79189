import { deriveHasuraRoles } from '../accounts/derive-hasura-roles.ts';
import type { TPracticeRole } from '../accounts/derive-user-flags.ts';
import { addYearsToWireDate } from '../constants/dates.ts';
import { PRACTICE_MESSAGES } from '../constants/messages.ts';
import {
  derivePermissionFlags,
  PERMISSION_FLAG_TABLE,
  type TBackOfficeRole,
  type TPracticeAccess,
} from '../permissions/permission-flags.ts';
import { practiceStaffPath, preferredDaysRoute, reapplicationPath } from '../routes/app-routes.ts';
import { canRecordPayment } from './payments.ts';
import { hasPracticeListCriteria, type PracticeListQuery } from './practice-list-query.ts';

/** Less than 12 months to expire: the expiry or extension date is in the future and within a year. */
export function isLessThan12MonthsToExpire(
  accreditation: { expiry_date?: string | null; ext_date?: string | null } | null | undefined,
  today: string,
): boolean {
  if (!accreditation) return false;
  const inAYear = addYearsToWireDate(today, 1);
  const within = (date: string | null | undefined) => !!date && date > today && date <= inAYear;
  return within(accreditation.expiry_date) || within(accreditation.ext_date);
}

/** A visit waiting for preferred days counts only while its due date is in the future. */
export function isPreferenceDaysDue(
  visit: { status: string; due?: string | null; archived?: boolean | null },
  today: string,
): boolean {
  return visit.status === 'PREFERRED_DAYS_REQ' && !visit.archived && !!visit.due && visit.due > today;
}

export type TPracticeDueButton =
  | { kind: 'RENEWAL_DUE'; label: 'Renewal Due'; path: string }
  | { kind: 'RENEWAL_PAYMENT_DUE'; label: 'Renewal Payment Due'; payment: true }
  | { kind: 'SET_AVAILABILITY'; label: 'Set Availability'; path: string };

/** Who is looking at a practice: their active roles on it and the back-office role of their requests. */
export type TPracticeViewer = Pick<TPracticeAccess, 'practiceRoles' | 'backOfficeRole'>;

/** Whether the viewer holds `practice.changePractice` on the practice (its PM, a QAM, a provider admin). */
export function viewerCanChangePractice(viewer: TPracticeViewer): boolean {
  return derivePermissionFlags({ ...viewer, visitorOnSurveyVisitIds: [] }).practice.changePractice;
}

/**
 * The due-item button of a list row, shown only to someone who can act on it. A surveyor who is
 * a visitor on a visit waiting for their preferred days sets availability (the preferred days
 * route of the visit); otherwise an open renewal shows Renewal Payment Due (to payment) or
 * Renewal Due (to the reapplication), but only to holders of `practice.changePractice`: the
 * payment and the reapplication are the practice's and the back office's, and anyone else would
 * only be refused. Else none.
 */
export function practiceDueButton(row: {
  practiceId: number;
  reapplicationStatus?: string | null;
  /** A preference-days-due visit of the practice on which the viewer is a (not declined) visitor. */
  preferredDaysVisitId?: number | null;
  viewer: TPracticeViewer;
}): TPracticeDueButton | null {
  if (row.preferredDaysVisitId) {
    return {
      kind: 'SET_AVAILABILITY',
      label: 'Set Availability',
      path: preferredDaysRoute(row.preferredDaysVisitId),
    };
  }
  if (row.reapplicationStatus !== 'PAYMENT_PENDING' && row.reapplicationStatus !== 'DUE') return null;
  if (!viewerCanChangePractice(row.viewer)) return null;
  return row.reapplicationStatus === 'PAYMENT_PENDING'
    ? { kind: 'RENEWAL_PAYMENT_DUE', label: 'Renewal Payment Due', payment: true }
    : { kind: 'RENEWAL_DUE', label: 'Renewal Due', path: reapplicationPath(row.practiceId) };
}

/**
 * A `practices_bool_exp` part: the practices on which the viewer holds `practice.changePractice`,
 * read from the permission flag table (every practice for a back-office role that holds it, else
 * those where the user has an active practice role that holds it). Lists of things only those
 * people can do (renewals, payments) filter with it so their limits are not spent on rows that
 * would be dropped.
 */
export function changePracticeWhere(
  userId: number,
  backOfficeRole: TBackOfficeRole | null,
): Record<string, unknown> {
  const grant = PERMISSION_FLAG_TABLE.practice.changePractice;
  if (backOfficeRole === 'qam' && grant.qam) return {};
  if (backOfficeRole === 'provider_admin' && grant.providerAdmin) return {};
  const roles: TPracticeRole[] = [];
  if (grant.practiceManager) roles.push('PM');
  if (grant.surveyor) roles.push('SU');
  return {
    practice_users: { user_id: { _eq: userId }, active: { _eq: true }, role: { _in: roles } },
  };
}

/**
 * The back-office role the web app's requests carry: the token's default role (see
 * `deriveHasuraRoles`), null when that is `user`.
 */
export function defaultBackOfficeRole(flags: { admin: boolean; qam: boolean }): TBackOfficeRole | null {
  const role = deriveHasuraRoles({ isAdmin: flags.admin, isQam: flags.qam }).defaultRole;
  return role === 'user' ? null : role;
}

/**
 * A row is locked (lock icon, no pointer) when nobody is signed in, or when the practice is
 * payment pending, the user is a surveyor on it, and the user is neither admin nor its practice
 * manager (spec 000 §2).
 */
export function isPracticeRowLocked(row: {
  signedIn: boolean;
  practiceStatus: string;
  isSurveyorOnPractice: boolean;
  isAdmin: boolean;
  isPracticeManager: boolean;
}): boolean {
  if (!row.signedIn) return true;
  return (
    row.practiceStatus === 'PAYMENT_PENDING' &&
    row.isSurveyorOnPractice &&
    !row.isAdmin &&
    !row.isPracticeManager
  );
}

/** 'No practices found', or '… for the search criteria' when something narrows the list. */
export function practiceListEmptyMessage(query: Partial<PracticeListQuery>): string {
  return hasPracticeListCriteria(query)
    ? PRACTICE_MESSAGES.noPracticesForSearch
    : PRACTICE_MESSAGES.noPractices;
}

/**
 * The user goes to payment when the practice is PAYMENT_PENDING and no reapplication is due or
 * in payment (spec 000 §4): that is a new application waiting for its fee.
 */
export function shouldRedirectToPayment(practice: {
  status: string;
  reapplications?: ReadonlyArray<{ status: string }> | null;
}): boolean {
  if (practice.status !== 'PAYMENT_PENDING') return false;
  return !(practice.reapplications ?? []).some((r) => r.status === 'DUE' || r.status === 'PAYMENT_PENDING');
}

/** Who opens a practice: their active roles on it, their back-office role, and the admin flag. */
export type TPracticeOpener = TPracticeViewer & { isAdmin: boolean };

/**
 * What opening a practice (its overview, or the single-practice landing) leads to:
 * - `payment` when the payment redirect applies (spec 000 §4) and the user may pay, i.e. holds
 *   `practice.changePractice` (its PM, a QAM): anyone else would only be refused; a provider
 *   admin opens the practice instead, where they record a payment received another way
 *   (`canRecordPayment`; docs/decisions/practices-and-staff.md, "Payments");
 * - `locked` when the practice list locks the row for the user (spec 000 §2: payment pending, a
 *   surveyor on it, neither admin nor its PM): the practice does not open for them;
 * - `open` otherwise.
 */
export function practiceOpening(
  practice: { status: string; reapplications?: ReadonlyArray<{ status: string }> | null },
  opener: TPracticeOpener,
): 'payment' | 'locked' | 'open' {
  if (
    shouldRedirectToPayment(practice) &&
    viewerCanChangePractice(opener) &&
    !canRecordPayment(opener.backOfficeRole)
  )
    return 'payment';
  const locked = isPracticeRowLocked({
    signedIn: true,
    practiceStatus: practice.status,
    isSurveyorOnPractice: opener.practiceRoles.includes('SU'),
    isAdmin: opener.isAdmin,
    isPracticeManager: opener.practiceRoles.includes('PM'),
  });
  return locked ? 'locked' : 'open';
}

/**
 * Where a list with exactly one practice sends the user (spec 000 §2): its Staff route, or
 * payment when the payment redirect applies and the user may pay; a practice whose row is locked
 * for the user keeps them on the list (`locked`). Null when the list has not exactly one practice.
 */
export function singlePracticeLanding(
  practices: ReadonlyArray<{
    organisation_id: number;
    status: string;
    reapplications?: ReadonlyArray<{ status: string }> | null;
  }>,
  opener: TPracticeOpener,
): { kind: 'staff'; path: string } | { kind: 'payment'; practiceId: number } | { kind: 'locked' } | null {
  if (practices.length !== 1) return null;
  const practice = practices[0]!;
  switch (practiceOpening(practice, opener)) {
    case 'payment':
      return { kind: 'payment', practiceId: practice.organisation_id };
    case 'locked':
      return { kind: 'locked' };
    default:
      return { kind: 'staff', path: practiceStaffPath(practice.organisation_id) };
  }
}

/** The payment page URL of a practice from a template with {practiceId}. */
export function paymentUrlFromTemplate(template: string, practiceId: number): string {
  return template.replaceAll('{practiceId}', encodeURIComponent(String(practiceId)));
}
