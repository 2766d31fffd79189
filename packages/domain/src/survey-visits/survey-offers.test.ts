import { describe, expect, it } from 'vitest';
import { CONTROL_CHARACTER_MESSAGE } from '../validation/control-characters.ts';
import {
  CONFLICT_DECLARATION,
  CONFLICT_LOOKBACK_YEARS,
  outsidePeriodMessage,
  preferredDaysLock,
  preferredDaysPeriod,
  ZDeclareConflictSchema,
  ZDeclineReasonSchema,
  ZPreferredDaysSchema,
} from './survey-offers.ts';

describe('preferred days', () => {
  const asking = { status: 'PREFERRED_DAYS_REQ', due: '2026-03-01', archived: false };
  it('may be changed by an offered or accepted visitor while the visit asks and is due in the future', () => {
    expect(preferredDaysLock(asking, 'OFFERED', '2026-02-10')).toBeNull();
    expect(preferredDaysLock(asking, 'ACCEPTED', '2026-02-28')).toBeNull();
  });
  it('says why not: not a visitor, declined, not asked, due date passed', () => {
    expect(preferredDaysLock(asking, null, '2026-02-10')).toBe('notVisitor');
    expect(preferredDaysLock(asking, 'DECLINED', '2026-02-10')).toBe('declined');
    expect(preferredDaysLock({ ...asking, status: 'FINAL' }, 'ACCEPTED', '2026-02-10')).toBe('notRequested');
    expect(preferredDaysLock({ ...asking, archived: true }, 'ACCEPTED', '2026-02-10')).toBe('notRequested');
    expect(preferredDaysLock(asking, 'ACCEPTED', '2026-03-01')).toBe('duePassed');
    expect(preferredDaysLock({ ...asking, due: null }, 'ACCEPTED', '2026-03-01')).toBe('duePassed');
  });
  it('lie from today to the end of the due month', () => {
    expect(preferredDaysPeriod('2026-02-01', '2026-01-20')).toEqual({ from: '2026-01-20', to: '2026-02-28' });
    expect(preferredDaysPeriod('2028-02-15', '2028-01-01')).toEqual({ from: '2028-01-01', to: '2028-02-29' });
    expect(outsidePeriodMessage({ from: '2026-01-20', to: '2026-02-28' })).toBe(
      'Choose days from 20/01/2026 to 28/02/2026.',
    );
  });
  it('need a reason for an unavailable day, bounded, without control characters, each day once', () => {
    const ok = ZPreferredDaysSchema.safeParse([
      { day: '2026-02-02', available: true, reason: 'ignored' },
      { day: '2026-02-03', available: false, reason: '  Leave ' },
    ]);
    expect(ok.data).toEqual([
      { day: '2026-02-02', available: true, reason: null },
      { day: '2026-02-03', available: false, reason: 'Leave' },
    ]);
    const refused = (days: unknown) => ZPreferredDaysSchema.safeParse(days).error?.issues[0]?.message;
    expect(refused([{ day: '2026-02-03', available: false, reason: ' ' }])).toBe(
      'Say why you are unavailable that day.',
    );
    expect(refused([{ day: '2026-02-03', available: false, reason: 'x'.repeat(201) }])).toBe(
      'At most 200 characters.',
    );
    expect(refused([{ day: '2026-02-03', available: false, reason: 'a\u0000b' }])).toBe(
      CONTROL_CHARACTER_MESSAGE,
    );
    expect(refused([{ day: '2026-02-30', available: true }])).toBe('Enter a date.');
    expect(
      refused([
        { day: '2026-02-03', available: true },
        { day: '2026-02-03', available: false, reason: 'x' },
      ]),
    ).toBe('Each day may be given once.');
  });
});

describe('conflicts of interest', () => {
  it('count for the previous three years, as the profile declares', () => {
    expect(CONFLICT_LOOKBACK_YEARS).toBe(3);
    expect(CONFLICT_DECLARATION).toContain('in the previous 3 years');
  });
  it('name one practice or one network, a reason, and dates in order', () => {
    expect(ZDeclareConflictSchema.safeParse({ practiceId: 4, reason: ' Worked there ' }).data).toMatchObject({
      practiceId: 4,
      reason: 'Worked there',
    });
    const refused = (input: unknown) => ZDeclareConflictSchema.safeParse(input).error?.issues[0]?.message;
    expect(refused({ reason: 'x' })).toBe('Choose a practice or a network from the search.');
    expect(refused({ practiceId: 1, networkId: 2, reason: 'x' })).toBe(
      'Choose a practice or a network from the search.',
    );
    expect(refused({ networkId: 2, reason: '' })).toBe('Say why you have a conflict of interest.');
    expect(refused({ networkId: 2, reason: 'x'.repeat(501) })).toBe('At most 500 characters.');
    expect(refused({ networkId: 2, reason: 'a\u0007' })).toBe(CONTROL_CHARACTER_MESSAGE);
    expect(refused({ networkId: 2, reason: 'x', fromDate: '2025-05-01', toDate: '2025-04-01' })).toBe(
      'The end date must not be before the start date.',
    );
  });
  it('decline reasons are required', () => {
    expect(ZDeclineReasonSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      'Say why you decline this offer.',
    );
    expect(ZDeclineReasonSchema.parse(' Away ')).toBe('Away');
  });
});
