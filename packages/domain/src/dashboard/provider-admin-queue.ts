/** The provider admin's own queue ('Certification'): approved surveys to certify. */
import { assessmentItem, type TBackOfficeRows } from './back-office-queues.ts';
import { byUrgency, type TWorkQueue, WORK_QUEUES } from './work-queues.ts';

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
