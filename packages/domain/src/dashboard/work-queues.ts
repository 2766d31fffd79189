import { actionPlanDaysLeft } from '../assessments/action-plan.ts';
import { formatDisplayDate } from '../constants/dates.ts';

/**
 * The dashboard's work queues (docs/decisions/dashboard.md): one queue per role the user holds,
 * each item saying what is to be done, for which practice, by when, and where it is done. The web
 * page reads the rows of one live GraphQL selection per queue (each role's `*QueueWhere` builds its
 * filters) and asks these functions which rows are work; nothing here reads the clock or the
 * network. This file holds what the queues share (their keys, titles, items, words and order); each
 * role's queue has its own file.
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
    description:
      'Assessments waiting for review, action plans overdue or near their limit, and visits to plan.',
  },
  providerAdmin: {
    title: 'Certification',
    description: 'Approved surveys waiting for their certificate, due 20 business days after approval.',
  },
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
   * The assessment the item offers to keep on the device ('Make available offline'):
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
export function toneOf(daysLeft: number | null, otherwise: TQueueTone = 'blue'): TQueueTone {
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
