/** The QAM's queue ('Reviews and planning'): reviews, action plans overdue or near their limit, visits to plan. */

import { actionPlanDaysLeft, formatActionPlanDue } from '../assessments/action-plan.ts';
import { formatMonthLong } from '../constants/dates.ts';
import type { THolidays } from '../evidence/business-days.ts';
import { SURVEY_PLANNING_PATH } from '../routes/app-routes.ts';
import { assessmentItem, practiceOf, type TBackOfficeRows } from './back-office-queues.ts';
import { byUrgency, type TQueueItem, type TWorkQueue, toneOf, WORK_QUEUES } from './work-queues.ts';

/** The QAM's queue: reviews, action plans overdue or near their limit, visits to plan. */
export function qamQueue(
  rows: Omit<TBackOfficeRows, 'toCertify' | 'toCertifyCount'>,
  today: string,
  /** The public holidays, for the action plans' business days; the date alone until known. */
  holidays?: THolidays,
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
        what: daysLeft !== null && daysLeft >= 0 ? 'Action plan near its limit' : 'Action plan overdue',
        detail: '',
        when: row.action_plan_due ? formatActionPlanDue(row.action_plan_due, today, holidays) : '',
        daysLeft,
        label: 'Open action plan',
        tone: toneOf(daysLeft, 'red'),
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
      action: { label: 'Plan visit', to: SURVEY_PLANNING_PATH },
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
