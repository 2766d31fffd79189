import { describe, expect, it } from 'vitest';
import { evidenceLastDay, lookbackWindowText } from './evidence-lookback.ts';
import {
  EVIDENCE_DUE_SOON_DAYS,
  EVIDENCE_STATE_LABELS,
  evidenceState,
  evidenceStateText,
} from './evidence-state.ts';
import { outOfDateIndicatorCount, outOfDateIndicatorsText } from './out-of-date-evidence.ts';

const today = '2026-03-10';

describe('evidence states (docs/decisions/evidence.md)', () => {
  it('spec 000 §5: a date already passed is overdue, today and tomorrow are due soon', () => {
    expect(evidenceState('2026-03-09', today)).toBe('OVERDUE');
    expect(evidenceState('2025-01-01', today)).toBe('OVERDUE');
    expect(evidenceState('2026-03-10', today)).toBe('DUE_SOON');
    expect(evidenceState('2026-03-11', today)).toBe('DUE_SOON');
  });

  it('spec 000 §5: due soon ends 30 days on; 31 days on is current', () => {
    expect(EVIDENCE_DUE_SOON_DAYS).toBe(30);
    expect(evidenceState('2026-04-09', today)).toBe('DUE_SOON');
    expect(evidenceState('2026-04-10', today)).toBe('CURRENT');
    // Across a month's and a year's end.
    expect(evidenceState('2027-01-30', '2026-12-31')).toBe('DUE_SOON');
    expect(evidenceState('2027-01-31', '2026-12-31')).toBe('CURRENT');
  });

  it('has no state without a date (or with one that is not a date)', () => {
    expect(evidenceState(null, today)).toBeNull();
    expect(evidenceState('', today)).toBeNull();
    expect(evidenceState('2026-02-30', today)).toBeNull();
  });

  it('spec 002 §5: says the state in words with the date as dd/MM/yyyy, nothing while current', () => {
    expect(EVIDENCE_STATE_LABELS).toEqual({ CURRENT: 'Current', DUE_SOON: 'Due soon', OVERDUE: 'Overdue' });
    expect(evidenceStateText('2026-03-09', today)).toBe('Overdue since 09/03/2026');
    expect(evidenceStateText('2026-03-20', today)).toBe('Due soon: 20/03/2026');
    expect(evidenceStateText('2026-05-20', today)).toBe('');
    expect(evidenceStateText(null, today)).toBe('');
  });
});

describe('indicators with evidence out of date (docs/decisions/evidence.md)', () => {
  it('spec 001 §2: counts a response once when any of its documents is overdue; due soon is not out of date', () => {
    const responses = [
      { documents: [{ review_date: '2026-03-09' }] },
      { documents: [{ review_date: '2025-01-01' }, { review_date: '2027-01-01' }] },
      { documents: [{ review_date: '2026-03-10' }, { review_date: null }] },
      { documents: [] },
    ];
    expect(outOfDateIndicatorCount(responses, today)).toBe(2);
    expect(outOfDateIndicatorsText(2)).toBe(
      '2 indicators have evidence out of date (past its review date or too old for the indicator)',
    );
    expect(outOfDateIndicatorsText(1)).toBe(
      '1 indicator has evidence out of date (past its review date or too old for the indicator)',
    );
    expect(outOfDateIndicatorsText(0)).toBe('');
  });
});

describe('look-back windows (docs/decisions/evidence.md#look-back)', () => {
  it('issue 32: a document counts to its effective date + the window, or its review date if sooner', () => {
    expect(evidenceLastDay({ effective_date: '2025-03-10', review_date: null }, 12)).toBe('2026-03-10');
    expect(evidenceLastDay({ effective_date: '2025-03-10', review_date: '2025-12-01' }, 12)).toBe(
      '2025-12-01',
    );
    expect(evidenceLastDay({ effective_date: '2025-03-10', review_date: '2027-01-01' }, 12)).toBe(
      '2026-03-10',
    );
    // A month's end is clamped; no window: the review date alone; neither: none.
    expect(evidenceLastDay({ effective_date: '2026-01-31' }, 1)).toBe('2026-02-28');
    expect(evidenceLastDay({ effective_date: '2020-01-01', review_date: '2027-01-01' }, null)).toBe(
      '2027-01-01',
    );
    expect(evidenceLastDay({ effective_date: '2020-01-01', review_date: null }, null)).toBeNull();
  });

  it("issue 32: at the boundaries, the window's last day is due soon, the day after overdue", () => {
    // 12 months on 10/03/2026: the document of 10/03/2025 is from the last twelve months, not that of the 9th.
    expect(evidenceState(evidenceLastDay({ effective_date: '2025-03-10' }, 12), today)).toBe('DUE_SOON');
    expect(evidenceState(evidenceLastDay({ effective_date: '2025-03-09' }, 12), today)).toBe('OVERDUE');
    expect(evidenceState(evidenceLastDay({ effective_date: '2025-04-10' }, 12), today)).toBe('CURRENT');
  });

  it("issue 32: the self assessment's count follows each indicator's window", () => {
    const responses = [
      { indicator_id: 1, documents: [{ effective_date: '2024-12-01', review_date: null }] },
      { indicator_id: 2, documents: [{ effective_date: '2024-12-01', review_date: null }] },
      { indicator_id: 3, documents: [{ effective_date: '2026-01-01', review_date: null }] },
    ];
    const windows = new Map([
      [1, 12],
      [3, 12],
    ]);
    expect(outOfDateIndicatorCount(responses, today, (id) => windows.get(id ?? 0))).toBe(1);
    expect(outOfDateIndicatorCount(responses, today)).toBe(0);
    expect(lookbackWindowText(12)).toBe('Evidence from the last 12 months');
    expect(lookbackWindowText(1)).toBe('Evidence from the last month');
    expect(lookbackWindowText(null)).toBe('');
  });
});
