/**
 * The practice manager's queue ('Practice work'): the staff register's upkeep, payments and
 * renewals, the self assessment and action plans due, and the survey confirmation to send.
 */

import { practiceRolesFrom } from '../accounts/derive-user-flags.ts';
import { actionPlanDaysLeft, formatActionPlanDue } from '../assessments/action-plan.ts';
import { addDaysToWireDate, formatDisplayDate, formatMonthLong } from '../constants/dates.ts';
import { DEFAULT_PHONE_COUNTRY } from '../constants/limits.ts';
import type { THolidays } from '../evidence/business-days.ts';
import { EVIDENCE_DUE_SOON_DAYS, evidenceState, evidenceStateText } from '../evidence/evidence-state.ts';
import type { TBackOfficeRole } from '../permissions/permission-flags.ts';
import {
  practiceDueButton,
  shouldRedirectToPayment,
  viewerCanChangePractice,
} from '../practices/practice-rules.ts';
import {
  assessmentPath,
  PRACTICE_TABS,
  practiceOverviewPath,
  practiceStaffPath,
  surveyConfirmationRoute,
} from '../routes/app-routes.ts';
import { ZStaffMemberSchema } from '../staff/staff-member-schema.ts';
import { byUrgency, dueWords, type TQueueItem, type TWorkQueue, toneOf, WORK_QUEUES } from './work-queues.ts';

/** A staff row as the register stores it (the columns the register's rules read). */
export interface TQueueStaffRow {
  id: number;
  verified: boolean;
  active: boolean;
  title: string | null;
  first_name: string;
  last_name: string;
  type: string;
  registration_num: string | null;
  employment_type: string | null;
  start_date: string | null;
  employment_status: string;
  resignation_date: string | null;
  email: string | null;
  vr_status: string | null;
  hours_per_week: number | string | null;
  cpr_expiry: string | null;
  qicpd: string | null;
  qa_cpd_num: string | null;
  fte_band: string | null;
  phone: string | null;
  /** The phone's country (spec 000 §9); AU when absent. */
  phone_country_code?: string | null;
  primary_qualification_document_id: number | null;
  cpr_evidence_document_id: number | null;
}

/** Whether a stored staff row passes the staff register's own rules (`ZStaffMemberSchema`). */
export function isStaffRowComplete(row: TQueueStaffRow): boolean {
  const text = (value: string | null) => value ?? '';
  return ZStaffMemberSchema.safeParse({
    id: row.id,
    verified: row.verified,
    title: text(row.title),
    firstName: row.first_name,
    lastName: row.last_name,
    type: row.type,
    registrationNum: text(row.registration_num),
    employmentType: text(row.employment_type),
    startDate: text(row.start_date),
    employmentStatus: row.employment_status,
    resignationDate: row.resignation_date,
    email: text(row.email),
    vrStatus: row.vr_status,
    hoursPerWeek: row.hours_per_week === null ? '' : String(Number(row.hours_per_week)),
    cprExpiry: text(row.cpr_expiry),
    qicpd: text(row.qicpd),
    qaCpdNum: text(row.qa_cpd_num),
    fteBand: row.fte_band,
    phone: text(row.phone),
    phoneCountryCode: row.phone_country_code ?? DEFAULT_PHONE_COUNTRY,
    active: row.active,
  }).success;
}

/**
 * The documents an active staff member's row must carry (ours; the spec names the fields, not
 * which are required): the CPR evidence of everyone (the register requires a CPR expiry of
 * everyone), and the primary qualification of the registered clinicians (GPs and nurses).
 */
export function missingStaffDocuments(row: TQueueStaffRow): Array<'CPR evidence' | 'Primary qualification'> {
  if (!row.active || row.employment_status !== 'ACTIVE') return [];
  const missing: Array<'CPR evidence' | 'Primary qualification'> = [];
  if ((row.type === 'gp' || row.type === 'nurse') && row.primary_qualification_document_id === null)
    missing.push('Primary qualification');
  if (row.cpr_evidence_document_id === null) missing.push('CPR evidence');
  return missing;
}

export interface TPmQueuePractice {
  organisation_id: number;
  status: string;
  organisation: { name: string };
  /** The user's own active roles on the practice. */
  practice_users: ReadonlyArray<{ role: string }>;
  /** The practice's staff rows that are not archived. */
  practice_staff: readonly TQueueStaffRow[];
  /**
   * Its live documents whose review date falls within EVIDENCE_DUE_SOON_DAYS or has passed
   * (`practiceManagerQueueVariables`' reviewBy); absent: none asked.
   */
  documents?: ReadonlyArray<{ id: number; name: string; review_date: string | null }>;
  /** Its reapplications DUE or PAYMENT_PENDING. */
  reapplications: ReadonlyArray<{ status: string; due_date: string | null }>;
  current_accreditation: {
    self_assessment_due: string | null;
    /** Its open assessments: self assessments IN_PROGRESS, surveys ACTION_REQUIRED. */
    assessments: ReadonlyArray<{
      id: number;
      type: string;
      status: string;
      due_date: string | null;
      action_plan_due: string | null;
    }>;
    /** Its visits that are not archived and whose confirmation form was SENT. */
    survey_visits: ReadonlyArray<{ id: number; date: string | null; due: string | null }>;
  } | null;
}

/** The GraphQL filter of the practice manager's practices (an active PM role, an ACTIVE practice). */
export function practiceManagerQueueWhere(userId: number) {
  return {
    active_status: { _eq: 'ACTIVE' as const },
    practice_users: { user_id: { _eq: userId }, role: { _eq: 'PM' as const }, active: { _eq: true } },
  };
}

/**
 * The variables of the practice manager's queue document: the practices, the user, and the last
 * review date its documents list holds (today + EVIDENCE_DUE_SOON_DAYS: due soon or overdue).
 */
export function practiceManagerQueueVariables(userId: number, today: string) {
  return {
    where: practiceManagerQueueWhere(userId),
    userId,
    reviewBy: addDaysToWireDate(today, EVIDENCE_DUE_SOON_DAYS),
  };
}

/** The practice manager's work on each practice they manage. */
export function practiceManagerQueue(
  practices: readonly TPmQueuePractice[],
  today: string,
  backOfficeRole: TBackOfficeRole | null,
  /** The public holidays, for the action plan's business days; the date alone until known. */
  holidays?: THolidays,
): TWorkQueue {
  const items: TQueueItem[] = [];
  for (const practice of practices) {
    const base = { practiceId: practice.organisation_id, practiceName: practice.organisation.name };
    items.push(
      ...staffItems(practice, base),
      ...evidenceItems(practice, base, today),
      ...paymentItems(practice, base, today, backOfficeRole),
      ...assessmentItems(practice, base, today, holidays),
      ...confirmationItems(practice, base, today),
    );
  }
  items.sort(byUrgency);
  return { key: 'practiceManager', ...WORK_QUEUES.practiceManager, count: items.length, items };
}

/** The practice an item is for. */
type TItemBase = { practiceId: number; practiceName: string };

/** Staff rows the register would refuse, and staff documents missing: one item each per practice. */
function staffItems(practice: TPmQueuePractice, base: TItemBase): TQueueItem[] {
  const items: TQueueItem[] = [];
  const practiceId = base.practiceId;
  const staffPath = practiceStaffPath(practiceId);
  const incomplete = practice.practice_staff.filter((row) => !isStaffRowComplete(row)).length;
  if (incomplete > 0) {
    items.push({
      ...base,
      key: `staff-${practiceId}`,
      what: 'Staff to complete',
      detail: incomplete === 1 ? '1 staff member' : `${incomplete} staff members`,
      when: '',
      daysLeft: null,
      action: { label: 'Complete staff', to: staffPath },
      tone: 'yellow',
    });
  }
  const documents = practice.practice_staff.reduce((n, row) => n + missingStaffDocuments(row).length, 0);
  if (documents > 0) {
    items.push({
      ...base,
      key: `documents-${practiceId}`,
      what: 'Documents required',
      detail: documents === 1 ? '1 staff document' : `${documents} staff documents`,
      when: '',
      daysLeft: null,
      action: { label: 'Add documents', to: staffPath },
      tone: 'yellow',
    });
  }
  return items;
}

/**
 * Evidence falling due (docs/decisions/evidence.md): each active staff member's CPR certificate
 * and each document whose review date is due soon or overdue, one item each, dated.
 */
function evidenceItems(practice: TPmQueuePractice, base: TItemBase, today: string): TQueueItem[] {
  const items: TQueueItem[] = [];
  const dated = (date: string) => {
    const daysLeft = actionPlanDaysLeft(date, today);
    return { when: evidenceStateText(date, today), daysLeft, tone: toneOf(daysLeft, 'orange') };
  };
  const isDue = (date: string | null): date is string => {
    const state = evidenceState(date, today);
    return state === 'OVERDUE' || state === 'DUE_SOON';
  };
  for (const row of practice.practice_staff) {
    if (!row.active || row.employment_status !== 'ACTIVE' || !isDue(row.cpr_expiry)) continue;
    items.push({
      ...base,
      key: `cpr-${row.id}`,
      what: 'CPR certificate to renew',
      detail: `${row.first_name} ${row.last_name}`,
      ...dated(row.cpr_expiry),
      action: { label: 'Open staff', to: practiceStaffPath(base.practiceId) },
    });
  }
  for (const document of practice.documents ?? []) {
    if (!isDue(document.review_date)) continue;
    items.push({
      ...base,
      key: `document-review-${document.id}`,
      what: 'Document to review',
      detail: document.name,
      ...dated(document.review_date),
      action: {
        label: 'Open documents',
        to: practiceOverviewPath(base.practiceId, PRACTICE_TABS.documents),
      },
    });
  }
  return items;
}

/** The application payment, the renewal and its payment: only to a user who may change the practice. */
function paymentItems(
  practice: TPmQueuePractice,
  base: TItemBase,
  today: string,
  backOfficeRole: TBackOfficeRole | null,
): TQueueItem[] {
  const items: TQueueItem[] = [];
  const practiceId = base.practiceId;
  const viewer = {
    practiceRoles: practiceRolesFrom(practice.practice_users.map((pu) => pu.role)),
    backOfficeRole,
  };
  if (shouldRedirectToPayment(practice) && viewerCanChangePractice(viewer)) {
    items.push({
      ...base,
      key: `application-${practiceId}`,
      what: 'Application payment due',
      detail: '',
      when: '',
      daysLeft: null,
      action: { label: 'Pay now', payment: true },
      tone: 'yellow',
    });
  }
  const reapplication = practice.reapplications[0];
  const button = practiceDueButton({
    practiceId,
    reapplicationStatus: reapplication?.status ?? null,
    viewer,
  });
  if (button && button.kind !== 'SET_AVAILABILITY') {
    const due = reapplication?.due_date ?? null;
    const daysLeft = due ? actionPlanDaysLeft(due, today) : null;
    items.push({
      ...base,
      key: `renewal-${practiceId}`,
      what: button.label,
      detail: '',
      when: due ? dueWords(due, today) : '',
      daysLeft,
      action:
        button.kind === 'RENEWAL_DUE'
          ? { label: 'Start renewal', to: button.path }
          : { label: 'Pay now', payment: true },
      tone: toneOf(daysLeft, 'orange'),
    });
  }
  return items;
}

/** The cycle's self assessment in progress, and each survey whose action plan is required. */
function assessmentItems(
  practice: TPmQueuePractice,
  base: TItemBase,
  today: string,
  holidays: THolidays | undefined,
): TQueueItem[] {
  const items: TQueueItem[] = [];
  const practiceId = base.practiceId;
  const accreditation = practice.current_accreditation;
  for (const assessment of accreditation?.assessments ?? []) {
    if (assessment.type === 'PRESURVEY' && assessment.status === 'IN_PROGRESS') {
      const due = accreditation?.self_assessment_due ?? assessment.due_date;
      const daysLeft = due ? actionPlanDaysLeft(due, today) : null;
      items.push({
        ...base,
        key: `self-assessment-${assessment.id}`,
        what: 'Self assessment due',
        detail: '',
        when: due ? dueWords(due, today) : '',
        daysLeft,
        action: { label: 'Open assessment', to: assessmentPath(practiceId, assessment.id) },
        tone: toneOf(daysLeft),
      });
    }
    if (assessment.type === 'SURVEY_VISIT' && assessment.status === 'ACTION_REQUIRED') {
      const due = assessment.action_plan_due;
      const daysLeft = due ? actionPlanDaysLeft(due, today) : null;
      items.push({
        ...base,
        key: `action-plan-${assessment.id}`,
        what: 'Action plan due',
        detail: '',
        when: due ? formatActionPlanDue(due, today, holidays) : '',
        daysLeft,
        action: { label: 'Open action plan', to: assessmentPath(practiceId, assessment.id) },
        tone: toneOf(daysLeft),
      });
    }
  }
  return items;
}

/** The survey confirmation sent to the practice and not yet returned. */
function confirmationItems(practice: TPmQueuePractice, base: TItemBase, today: string): TQueueItem[] {
  const visit = practice.current_accreditation?.survey_visits[0];
  if (!visit) return [];
  return [
    {
      ...base,
      key: `confirmation-${base.practiceId}`,
      what: 'Survey confirmation to send',
      detail: '',
      when: visit.date
        ? `Visit on ${formatDisplayDate(visit.date)}`
        : visit.due
          ? `Visit due ${formatMonthLong(visit.due)}`
          : '',
      daysLeft: visit.date ? actionPlanDaysLeft(visit.date, today) : null,
      action: { label: 'Review visit', to: surveyConfirmationRoute(base.practiceId) },
      tone: 'yellow',
    },
  ];
}
