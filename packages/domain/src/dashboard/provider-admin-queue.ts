/** The provider admin's own queue ('Certification'): approved surveys to certify, on the report clock. */
import { actionPlanDaysLeft } from '../assessments/action-plan.ts';
import type { THolidays } from '../evidence/business-days.ts';
import { formatCertificateDue } from '../evidence/certificate-clock.ts';
import { assessmentItem, type TBackOfficeAssessment } from './back-office-queues.ts';
import { byUrgency, type TWorkQueue, toneOf, WORK_QUEUES } from './work-queues.ts';

/** An approved survey with its latest approval (the certify queue's `status_changes` to APPROVED). */
export interface TCertifyRow extends TBackOfficeAssessment {
  status_changes?: ReadonlyArray<{ changed_at: string }>;
}

/**
 * The provider admin's own queue: approved surveys to certify, each with the 20-business-day
 * report clock from its approval ('Certificate due dd/MM/yyyy · n business days left',
 * docs/decisions/evidence.md#certificate-clock); the clock is left out until the holidays are known.
 */
export function providerAdminQueue(
  rows: { toCertify: readonly TCertifyRow[]; toCertifyCount: number },
  today: string,
  /** The public holidays, for the clock's business days; no clock until known. */
  holidays?: THolidays,
): TWorkQueue {
  const items = rows.toCertify.map((row) => {
    const clock = formatCertificateDue(row.status_changes?.[0]?.changed_at, today, holidays);
    const daysLeft = clock ? actionPlanDaysLeft(clock.due, today) : null;
    return assessmentItem(row, {
      key: `certify-${row.id}`,
      what: 'Survey to certify',
      detail: '',
      when: clock?.text ?? '',
      daysLeft,
      label: 'Issue certificate',
      tone: toneOf(daysLeft, 'green'),
    });
  });
  items.sort(byUrgency);
  return { key: 'providerAdmin', ...WORK_QUEUES.providerAdmin, count: rows.toCertifyCount, items };
}
