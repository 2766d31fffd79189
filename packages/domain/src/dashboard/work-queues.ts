import { practiceRolesFrom } from '../accounts/derive-user-flags.ts';
import { actionPlanDaysLeft } from '../assessments/action-plan.ts';
import { assessmentPath } from '../assessments/assistance-request.ts';
import { needsConfidentialityAgreement } from '../assessments/survey-agreement.ts';
import { formatDisplayDate, formatMonthLong } from '../constants/dates.ts';
import type { TAssessmentStatus, TAssessmentType } from '../permissions/assessment-access.ts';
import { assessmentButtons } from '../permissions/assessment-buttons.ts';
import { derivePermissionFlags, type TBackOfficeRole } from '../permissions/permission-flags.ts';
import {
  practiceDueButton,
  shouldRedirectToPayment,
  viewerCanChangePractice,
} from '../practices/practice-rules.ts';
import { preferredDaysRoute, surveyConfirmationRoute } from '../routes/paths.ts';
import { ZStaffMemberSchema } from '../staff/staff-member-schema.ts';
import { SURVEY_PLANNING_STEPS } from '../survey-planning/survey-planning-rules.ts';
import { preferredDaysLock } from '../survey-visits/survey-offers.ts';

/**
 * The dashboard's work queues (issue 18): one queue per role the user holds, each item saying
 * what is to be done, for which practice, by when, and where it is done. The web page reads the
 * rows of one live GraphQL selection per queue (`*QueueWhere` below build their filters) and asks
 * these functions which rows are work; nothing here reads the clock or the network.
 */

export type TQueueKey = 'practiceManager' | 'surveyor' | 'qam' | 'providerAdmin';

export const WORK_QUEUES: Record<TQueueKey, { title: string; description: string }> = {
  practiceManager: {
    title: 'Practice work',
    description: 'What your practices need to do for their accreditation.',
  },
  surveyor: {
    title: 'Survey work',
    description: 'Offers, availability, visits and assessments of your surveys.',
  },
  qam: {
    title: 'Reviews and planning',
    description: 'Assessments waiting for review, overdue action plans and visits to plan.',
  },
  providerAdmin: { title: 'Certification', description: 'Approved surveys waiting for their certificate.' },
};

/** What an empty queue says. */
export const EMPTY_QUEUE_TEXT = 'Nothing waiting';

/** The most items one back-office list shows; its count is the whole number (an aggregate). */
export const BACK_OFFICE_QUEUE_LIMIT = 25;

export type TQueueTone = 'red' | 'yellow' | 'blue' | 'orange' | 'green' | 'gray';

/** One piece of work, with where it is done. */
export interface TQueueItem {
  /** Unique in the page (the test id `queue-item-<key>`). */
  key: string;
  practiceId: number | null;
  practiceName: string;
  /** What is to be done: 'Self assessment due'. */
  what: string;
  /** More words, e.g. '3 staff members' or the visit's type; '' when none. */
  detail: string;
  /** When, as the screen says it: 'Due 12/03/2027 · 41 days left', 'On 02/04/2027', ''. */
  when: string;
  /** Days to the due date (negative once passed), null when it has none: sorts and colours. */
  daysLeft: number | null;
  action: { label: string; to: string } | { label: string; payment: true };
  tone: TQueueTone;
  /**
   * The assessment the item offers to keep on the device ('Make available offline', issue 19):
   * an upcoming visit's survey assessment whose findings the surveyor may read.
   */
  offlineAssessmentId?: number;
}

export interface TWorkQueue {
  key: TQueueKey;
  title: string;
  description: string;
  /** All the work of the queue (the back office's lists show the first BACK_OFFICE_QUEUE_LIMIT). */
  count: number;
  items: TQueueItem[];
}

/** Which queues a user sees, in the page's order: every role they hold (a PM who surveys sees both). */
export function workQueueKeys(user: {
  flags: { surveyor: boolean; qam: boolean; admin: boolean; isPracticeManager: boolean };
  practices: ReadonlyArray<{ roles: readonly string[] }>;
}): TQueueKey[] {
  const keys: TQueueKey[] = [];
  const managesAPractice =
    user.flags.isPracticeManager || user.practices.some((practice) => practice.roles.includes('PM'));
  if (user.flags.admin) keys.push('providerAdmin');
  if (user.flags.qam || user.flags.admin) keys.push('qam');
  if (user.flags.surveyor) keys.push('surveyor');
  if (managesAPractice || keys.length === 0) keys.push('practiceManager');
  return keys;
}

/** 'Due 12/03/2027 · 41 days left' / '· due today' / '· 3 days overdue'. */
export function dueWords(due: string, today: string): string {
  const left = actionPlanDaysLeft(due, today);
  const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);
  const when = left > 0 ? `${days(left)} left` : left === 0 ? 'due today' : `${days(-left)} overdue`;
  return `Due ${formatDisplayDate(due)} · ${when}`;
}

/** Red once overdue, orange within two weeks, blue otherwise. */
function toneOf(daysLeft: number | null, otherwise: TQueueTone = 'blue'): TQueueTone {
  if (daysLeft === null) return otherwise;
  if (daysLeft < 0) return 'red';
  if (daysLeft <= 14) return 'orange';
  return otherwise;
}

/**
 * The order of the kinds of work without a date (after those with one): what blocks the cycle
 * first (a fee, a visit to confirm, an assessment to open), the register's upkeep last.
 */
const UNDATED_ORDER = [
  'Application payment due',
  'Survey confirmation to send',
  'Agreement to sign',
  'Assessment to rate and submit',
  'Summary missing',
  'Survey to certify',
  'Self assessment to review',
  'Survey to review',
  'Staff to complete',
  'Documents required',
];

/** Most pressing first: overdue and soonest due, then undated work by kind, then by practice name. */
export function byUrgency(a: TQueueItem, b: TQueueItem): number {
  const ad = a.daysLeft ?? Number.POSITIVE_INFINITY;
  const bd = b.daysLeft ?? Number.POSITIVE_INFINITY;
  if (ad !== bd) return ad < bd ? -1 : 1;
  const rank = (item: TQueueItem) => {
    const index = UNDATED_ORDER.indexOf(item.what);
    return index < 0 ? UNDATED_ORDER.length : index;
  };
  return rank(a) - rank(b) || a.practiceName.localeCompare(b.practiceName) || a.key.localeCompare(b.key);
}

// ---------------------------------------------------------------------------------------------
// Practice manager

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

/** The practice manager's work on each practice they manage. */
export function practiceManagerQueue(
  practices: readonly TPmQueuePractice[],
  today: string,
  backOfficeRole: TBackOfficeRole | null,
): TWorkQueue {
  const items: TQueueItem[] = [];
  for (const practice of practices) {
    const practiceId = practice.organisation_id;
    const base = { practiceId, practiceName: practice.organisation.name };
    const viewer = {
      practiceRoles: practiceRolesFrom(practice.practice_users.map((pu) => pu.role)),
      backOfficeRole,
    };
    const staffPath = `/PracticeOverview/${practiceId}/Staff`;

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
          when: due ? dueWords(due, today) : '',
          daysLeft,
          action: { label: 'Open action plan', to: assessmentPath(practiceId, assessment.id) },
          tone: toneOf(daysLeft),
        });
      }
    }
    const visit = accreditation?.survey_visits[0];
    if (visit) {
      items.push({
        ...base,
        key: `confirmation-${practiceId}`,
        what: 'Survey confirmation to send',
        detail: '',
        when: visit.date
          ? `Visit on ${formatDisplayDate(visit.date)}`
          : visit.due
            ? `Visit due ${formatMonthLong(visit.due)}`
            : '',
        daysLeft: visit.date ? actionPlanDaysLeft(visit.date, today) : null,
        action: { label: 'Review visit', to: surveyConfirmationRoute(practiceId) },
        tone: 'yellow',
      });
    }
  }
  items.sort(byUrgency);
  return { key: 'practiceManager', ...WORK_QUEUES.practiceManager, count: items.length, items };
}

// ---------------------------------------------------------------------------------------------
// Surveyor

export interface TSurveyorQueueVisitor {
  id: number;
  status: string;
  practice_name: string | null;
  survey_visit: {
    id: number;
    status: string;
    type: string;
    due: string | null;
    date: string | null;
    archived: boolean;
    /** Null when the surveyor may not read the accreditation (no role on the practice). */
    accreditation: { practice_id: number } | null;
    /** The surveyor's own preferred days stated for the visit (only whether there is one). */
    preferred_days: ReadonlyArray<{ id: number }>;
    /** The visit's survey assessment(s), with the surveyor's own signature, submission, summary. */
    assessments: ReadonlyArray<{
      id: number;
      type: string;
      status: string;
      confidentiality_signs: ReadonlyArray<{ id: number }>;
      assessment_submissions: ReadonlyArray<{ id: number }>;
      general_comments: ReadonlyArray<{ id: number }>;
    }>;
  } | null;
}

/** The GraphQL filter of the surveyor's visits: their own offers not declined, of visits not archived. */
export function surveyorQueueWhere(userId: number) {
  return {
    user_id: { _eq: userId },
    status: { _in: ['OFFERED' as const, 'ACCEPTED' as const] },
    survey_visit: { archived: { _eq: false } },
  };
}

/**
 * Which assessment of an upcoming visit its surveyor may keep on the device for the visit day
 * ('Make available offline', issue 19): the visit's survey visit assessment once its findings are
 * readable to them, i.e. the confidentiality agreement is signed or no longer asked for (before
 * that the copy would hold nothing they may read, and signing needs a connection); null if none.
 */
export function offlineAssessmentOfVisit(
  assessments: ReadonlyArray<{
    id: number;
    type: string;
    status: string;
    confidentiality_signs: ReadonlyArray<unknown>;
  }>,
): number | null {
  const survey = assessments.find((assessment) => assessment.type === 'SURVEY_VISIT');
  if (!survey) return null;
  const unreadable = needsConfidentialityAgreement({
    type: survey.type as TAssessmentType,
    status: survey.status as TAssessmentStatus,
    hasSigned: survey.confidentiality_signs.length > 0,
  });
  return unreadable ? null : survey.id;
}

/** The surveyor's work: offers, preferred days, upcoming visits, agreements, ratings, summaries. */
export function surveyorQueue(visitors: readonly TSurveyorQueueVisitor[], today: string): TWorkQueue {
  const items: TQueueItem[] = [];
  for (const visitor of visitors) {
    const visit = visitor.survey_visit;
    if (!visit || visit.archived) continue;
    const practiceId = visit.accreditation?.practice_id ?? null;
    const base = { practiceId, practiceName: visitor.practice_name ?? 'A practice' };
    const dueIn = visit.due ? actionPlanDaysLeft(visit.due, today) : null;

    if (visitor.status === 'OFFERED' && visit.status !== 'FINAL') {
      items.push({
        ...base,
        key: `offer-${visitor.id}`,
        what: 'Offer to answer',
        detail: '',
        when: visit.due ? `Visit due ${formatMonthLong(visit.due)}` : '',
        daysLeft: dueIn,
        action: { label: 'Answer offer', to: '/SurveyVisits/Offers' },
        tone: 'blue',
      });
    }
    if (preferredDaysLock(visit, visitor.status, today) === null && visit.preferred_days.length === 0) {
      items.push({
        ...base,
        key: `preferred-days-${visit.id}`,
        what: 'Preferred days due',
        detail: '',
        when: `Due ${formatMonthLong(visit.due)}`,
        daysLeft: dueIn,
        action: { label: 'Set Availability', to: preferredDaysRoute(visit.id) },
        tone: 'blue',
      });
    }
    if (visitor.status !== 'ACCEPTED') continue;
    if (visit.status === 'FINAL' && visit.date && visit.date >= today) {
      const daysLeft = actionPlanDaysLeft(visit.date, today);
      const offlineAssessmentId = practiceId === null ? null : offlineAssessmentOfVisit(visit.assessments);
      items.push({
        ...(offlineAssessmentId === null ? {} : { offlineAssessmentId }),
        ...base,
        key: `visit-${visit.id}`,
        what: 'Upcoming visit',
        detail: '',
        when: `On ${formatDisplayDate(visit.date)}`,
        daysLeft,
        action: practiceId
          ? { label: 'Open accreditation', to: `/PracticeOverview/${practiceId}/Accreditation` }
          : { label: 'Open offers', to: '/SurveyVisits/Offers' },
        tone: 'green',
      });
    }
    if (practiceId === null) continue;
    // An accepted visitor of a final visit is a surveyor (SU) of the practice: finalising adds the role.
    const flags = derivePermissionFlags(
      { practiceRoles: ['SU'], backOfficeRole: null, visitorOnSurveyVisitIds: [visit.id] },
      { surveyVisitId: visit.id },
    );
    for (const assessment of visit.assessments) {
      if (assessment.type !== 'SURVEY_VISIT') continue;
      const context = {
        type: assessment.type as TAssessmentType,
        status: assessment.status as TAssessmentStatus,
        flags,
        hasSubmitted: assessment.assessment_submissions.length > 0,
      };
      const to = assessmentPath(practiceId, assessment.id);
      const item = { ...base, detail: '', when: '', daysLeft: null };
      if (
        needsConfidentialityAgreement({ ...context, hasSigned: assessment.confidentiality_signs.length > 0 })
      ) {
        items.push({
          ...item,
          key: `agreement-${assessment.id}`,
          what: 'Agreement to sign',
          action: { label: 'Sign agreement', to },
          tone: 'orange',
        });
        continue;
      }
      const buttons = assessmentButtons({ ...context, isSurveyVisitor: true, bulkToolsEnabled: false });
      if (buttons.submitForReview) {
        items.push({
          ...item,
          key: `rate-${assessment.id}`,
          what: 'Assessment to rate and submit',
          action: { label: 'Open assessment', to },
          tone: 'blue',
        });
      }
      if (buttons.editSummary && assessment.general_comments.length === 0) {
        items.push({
          ...item,
          key: `summary-${assessment.id}`,
          what: 'Summary missing',
          action: { label: 'Write summary', to },
          tone: 'yellow',
        });
      }
    }
  }
  items.sort(byUrgency);
  return { key: 'surveyor', ...WORK_QUEUES.surveyor, count: items.length, items };
}

// ---------------------------------------------------------------------------------------------
// Back office (QAM and provider admin)

/** The visit statuses a visit may still be planned from: those `finalise` starts from. */
export const VISIT_STATUSES_TO_PLAN = SURVEY_PLANNING_STEPS.finalise.from;

/**
 * Whose accreditations a back-office queue holds: a QAM's own and those without a QAM yet (ours:
 * "what is theirs to do"); a provider admin's, every one.
 */
function accreditationScope(
  userId: number,
  role: TBackOfficeRole,
): { archived: { _eq: boolean }; _or?: Array<{ qam_id: { _eq: number } | { _is_null: boolean } }> } {
  return role === 'provider_admin'
    ? { archived: { _eq: false } }
    : { archived: { _eq: false }, _or: [{ qam_id: { _eq: userId } }, { qam_id: { _is_null: true } }] };
}

/**
 * The filters of the back office's lists (each also counted by an aggregate of the same filter):
 * assessments UNDER_REVIEW, surveys ACTION_REQUIRED whose action plan is past due, visits still to
 * plan, and (provider admin) surveys APPROVED, to certify.
 */
export function backOfficeQueueWhere(userId: number, role: TBackOfficeRole, today: string) {
  const accreditation = accreditationScope(userId, role);
  return {
    reviews: { status: { _eq: 'UNDER_REVIEW' as const }, accreditation },
    overdue: {
      type: { _eq: 'SURVEY_VISIT' as const },
      status: { _eq: 'ACTION_REQUIRED' as const },
      action_plan_due: { _lt: today },
      accreditation,
    },
    toPlan: { archived: { _eq: false }, status: { _in: [...VISIT_STATUSES_TO_PLAN] }, accreditation },
    toCertify: {
      type: { _eq: 'SURVEY_VISIT' as const },
      status: { _eq: 'APPROVED' as const },
      accreditation,
    },
  };
}

interface TBackOfficeAssessment {
  id: number;
  type: string;
  status: string;
  due_date: string | null;
  action_plan_due: string | null;
  accreditation: { practice_id: number; practice: { organisation: { name: string } } | null } | null;
}

export interface TBackOfficeRows {
  reviews: readonly TBackOfficeAssessment[];
  reviewsCount: number;
  overdue: readonly TBackOfficeAssessment[];
  overdueCount: number;
  toPlan: ReadonlyArray<{
    id: number;
    status: string;
    type: string;
    due: string | null;
    accreditation: { practice_id: number; practice: { organisation: { name: string } } | null } | null;
  }>;
  toPlanCount: number;
  toCertify: readonly TBackOfficeAssessment[];
  toCertifyCount: number;
}

function practiceOf(row: { accreditation: TBackOfficeAssessment['accreditation'] }) {
  return {
    practiceId: row.accreditation?.practice_id ?? null,
    practiceName: row.accreditation?.practice?.organisation.name ?? 'A practice',
  };
}

function assessmentItem(
  row: TBackOfficeAssessment,
  fields: Omit<TQueueItem, 'practiceId' | 'practiceName' | 'action'> & { label: string },
): TQueueItem {
  const { label, ...rest } = fields;
  const at = practiceOf(row);
  return {
    ...at,
    ...rest,
    action: { label, to: at.practiceId ? assessmentPath(at.practiceId, row.id) : '/Practice/List' },
  };
}

/** The QAM's queue: reviews, overdue action plans, visits to plan. */
export function qamQueue(
  rows: Omit<TBackOfficeRows, 'toCertify' | 'toCertifyCount'>,
  today: string,
): TWorkQueue {
  const items: TQueueItem[] = [];
  for (const row of rows.reviews) {
    items.push(
      assessmentItem(row, {
        key: `review-${row.id}`,
        what: row.type === 'PRESURVEY' ? 'Self assessment to review' : 'Survey to review',
        detail: '',
        when: '',
        daysLeft: null,
        label: 'Review assessment',
        tone: 'blue',
      }),
    );
  }
  for (const row of rows.overdue) {
    const daysLeft = row.action_plan_due ? actionPlanDaysLeft(row.action_plan_due, today) : null;
    items.push(
      assessmentItem(row, {
        key: `overdue-${row.id}`,
        what: 'Action plan overdue',
        detail: '',
        when: row.action_plan_due ? dueWords(row.action_plan_due, today) : '',
        daysLeft,
        label: 'Open action plan',
        tone: 'red',
      }),
    );
  }
  for (const visit of rows.toPlan) {
    const daysLeft = visit.due ? actionPlanDaysLeft(visit.due, today) : null;
    items.push({
      ...practiceOf(visit),
      key: `plan-${visit.id}`,
      what: 'Visit to plan',
      detail: visit.status === 'PREFERRED_DAYS_REQ' ? 'Preferred days requested' : '',
      when: visit.due ? `Due ${formatMonthLong(visit.due)}` : '',
      daysLeft,
      action: { label: 'Plan visit', to: '/SurveyVisits/Planning' },
      tone: toneOf(daysLeft),
    });
  }
  items.sort(byUrgency);
  return {
    key: 'qam',
    ...WORK_QUEUES.qam,
    count: rows.reviewsCount + rows.overdueCount + rows.toPlanCount,
    items,
  };
}

/** The provider admin's own queue: approved surveys to certify. */
export function providerAdminQueue(rows: Pick<TBackOfficeRows, 'toCertify' | 'toCertifyCount'>): TWorkQueue {
  const items = rows.toCertify.map((row) =>
    assessmentItem(row, {
      key: `certify-${row.id}`,
      what: 'Survey to certify',
      detail: '',
      when: '',
      daysLeft: null,
      label: 'Issue certificate',
      tone: 'green',
    }),
  );
  items.sort(byUrgency);
  return { key: 'providerAdmin', ...WORK_QUEUES.providerAdmin, count: rows.toCertifyCount, items };
}
