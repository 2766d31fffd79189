import { describe, expect, it } from 'vitest';
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
    expect(outOfDateIndicatorsText(2)).toBe('2 indicators have evidence out of date (past its review date)');
    expect(outOfDateIndicatorsText(1)).toBe('1 indicator has evidence out of date (past its review date)');
    expect(outOfDateIndicatorsText(0)).toBe('');
  });
});
