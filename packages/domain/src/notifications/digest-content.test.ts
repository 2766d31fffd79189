import { describe, expect, it } from 'vitest';
import { digestDueOn, digestSectionOf } from './digest-content.ts';

describe('digest content (decisions/notifications.md#digests)', () => {
  it('puts an item by its days left: overdue, within 1, 7 and 30 days, undated waiting, later left out', () => {
    const section = (daysLeft: number | null) => digestSectionOf({ daysLeft });
    expect([-1, 0, 1, 2, 7, 8, 30, 31, null].map(section)).toEqual([
      'overdue',
      'day',
      'day',
      'week',
      'week',
      'month',
      'month',
      null,
      'waiting',
    ]);
  });

  it('sends a daily digest every day, a weekly one on Mondays (the portal day), none when off', () => {
    expect(digestDueOn('DAILY', '2027-03-02')).toBe('DAILY');
    expect(digestDueOn('WEEKLY', '2027-03-01')).toBe('WEEKLY');
    expect(digestDueOn('WEEKLY', '2027-03-02')).toBeNull();
    expect(digestDueOn('OFF', '2027-03-01')).toBeNull();
  });
});
