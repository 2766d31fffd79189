import type { TQueueItem, TWorkQueue } from '../dashboard/work-queues.ts';
import type { TEmailDigest } from './email-digest.ts';

/** The parts of a digest, most pressing first (decisions/notifications.md#digests). */
export const DIGEST_SECTIONS = [
  { key: 'overdue', title: 'Overdue' },
  { key: 'day', title: 'Due within 1 day' },
  { key: 'week', title: 'Due within 7 days' },
  { key: 'month', title: 'Due within 30 days' },
  { key: 'waiting', title: 'Waiting for you' },
] as const;

export type TDigestSectionKey = (typeof DIGEST_SECTIONS)[number]['key'];

/** Which section a dashboard queue item goes in; null when it falls due later than 30 days. */
export function digestSectionOf(item: Pick<TQueueItem, 'daysLeft'>): TDigestSectionKey | null {
  const left = item.daysLeft;
  if (left === null) return 'waiting';
  if (left < 0) return 'overdue';
  if (left <= 1) return 'day';
  if (left <= 7) return 'week';
  if (left <= 30) return 'month';
  return null;
}

export interface TDigestSection {
  key: TDigestSectionKey;
  title: string;
  items: TQueueItem[];
}

/** The dashboard's queues as a digest's sections (empty ones left out); [] means nothing to send. */
export function digestSections(queues: readonly TWorkQueue[]): TDigestSection[] {
  const items = queues.flatMap((queue) => queue.items);
  const seen = new Set<string>();
  return DIGEST_SECTIONS.map(({ key, title }) => ({
    key,
    title,
    items: items.filter((item) => {
      if (digestSectionOf(item) !== key || seen.has(item.key)) return false;
      seen.add(item.key);
      return true;
    }),
  })).filter((section) => section.items.length > 0);
}

/** Whether a user with this setting gets a digest on this portal day (yyyy-MM-dd): weekly on Mondays. */
export function digestDueOn(setting: TEmailDigest, day: string): 'DAILY' | 'WEEKLY' | null {
  if (setting === 'DAILY') return 'DAILY';
  if (setting === 'WEEKLY' && new Date(`${day}T00:00:00Z`).getUTCDay() === 1) return 'WEEKLY';
  return null;
}
