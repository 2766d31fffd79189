/**
 * What the back office's queues share (the QAM's and the provider admin's): whose cycles they hold,
 * the filters of their lists, the rows the lists answer and an assessment's item.
 */

import { addDaysToWireDate } from '../constants/dates.ts';
import type { TBackOfficeRole } from '../permissions/permission-flags.ts';
import { assessmentPath, PRACTICE_LIST_PATH } from '../routes/app-routes.ts';
import { SURVEY_PLANNING_STEPS } from '../survey-planning/survey-planning-rules.ts';
import { BACK_OFFICE_QUEUE_LIMIT, type TQueueItem } from './work-queues.ts';

/**
 * An action plan due within this many days (or past due) is in the QAM's queue: "action plans
 * near their limit" (issue 32), the same two weeks in which the queue turns an item orange.
 */
export const ACTION_PLAN_NEAR_LIMIT_DAYS = 14;

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
 * assessments UNDER_REVIEW, surveys ACTION_REQUIRED whose action plan is past due or due within
 * ACTION_PLAN_NEAR_LIMIT_DAYS, visits still to plan, and (provider admin) surveys APPROVED, to certify.
 */
export function backOfficeQueueWhere(userId: number, role: TBackOfficeRole, today: string) {
  const accreditation = accreditationScope(userId, role);
  return {
    reviews: { status: { _eq: 'UNDER_REVIEW' as const }, accreditation },
    overdue: {
      type: { _eq: 'SURVEY_VISIT' as const },
      status: { _eq: 'ACTION_REQUIRED' as const },
      action_plan_due: { _lte: addDaysToWireDate(today, ACTION_PLAN_NEAR_LIMIT_DAYS) },
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

/**
 * The variables of the back office's lists (`GetBackOfficeQueue`: reviews, overdue action plans,
 * visits to plan), as the page, the benchmark and the permission tests send them.
 */
export function backOfficeQueueVariables(userId: number, role: TBackOfficeRole, today: string) {
  const where = backOfficeQueueWhere(userId, role, today);
  return {
    reviews: where.reviews,
    overdue: where.overdue,
    toPlan: where.toPlan,
    limit: BACK_OFFICE_QUEUE_LIMIT,
  };
}

export interface TBackOfficeAssessment {
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
  toCertify: readonly (TBackOfficeAssessment & { status_changes?: ReadonlyArray<{ changed_at: string }> })[];
  toCertifyCount: number;
}

/** The practice a back-office row is of ('A practice' when the caller may not read its name). */
export function practiceOf(row: { accreditation: TBackOfficeAssessment['accreditation'] }) {
  return {
    practiceId: row.accreditation?.practice_id ?? null,
    practiceName: row.accreditation?.practice?.organisation.name ?? 'A practice',
  };
}

/** An item of a back-office list for an assessment, its action opening the assessment. */
export function assessmentItem(
  row: TBackOfficeAssessment,
  fields: Omit<TQueueItem, 'practiceId' | 'practiceName' | 'action'> & { label: string },
): TQueueItem {
  const { label, ...rest } = fields;
  const at = practiceOf(row);
  return {
    ...at,
    ...rest,
    action: { label, to: at.practiceId ? assessmentPath(at.practiceId, row.id) : PRACTICE_LIST_PATH },
  };
}
