import { describe, expect, it } from 'vitest';
import { ACTION_PLAN_BUSINESS_DAYS } from '../assessments/action-plan.ts';
import { addBusinessDays, businessDaysLeft, businessDaysLeftText } from './business-days.ts';

// Christmas 2025 (Thursday) and Boxing Day (Friday).
const HOLIDAYS = new Set(['2025-12-25', '2025-12-26']);

describe('business days (docs/decisions/evidence.md; the twin of add_business_days)', () => {
  it('spec 001 §4: counts weekdays that are not holidays, as add_business_days does', () => {
    expect(addBusinessDays('2025-12-19', 5, HOLIDAYS)).toBe('2025-12-30');
    // A start on a weekend counts from the Monday; fewer than one counts as one.
    expect(addBusinessDays('2026-03-28', 1, HOLIDAYS)).toBe('2026-03-30');
    expect(addBusinessDays('2026-03-28', 0, HOLIDAYS)).toBe('2026-03-30');
  });

  it('spec 001 §4: the days left to a due date undo addBusinessDays, 0 on the day, negative after', () => {
    const due = addBusinessDays('2025-12-01', ACTION_PLAN_BUSINESS_DAYS, HOLIDAYS);
    expect(businessDaysLeft('2025-12-01', due, HOLIDAYS)).toBe(ACTION_PLAN_BUSINESS_DAYS);
    expect(businessDaysLeft('2025-12-24', '2025-12-29', HOLIDAYS)).toBe(1);
    expect(businessDaysLeft('2025-12-29', '2025-12-29', HOLIDAYS)).toBe(0);
    expect(businessDaysLeft('2025-12-30', '2025-12-24', HOLIDAYS)).toBe(-2);
  });

  it('spec 001 §4: says "n business days left" (one day, none) or overdue', () => {
    expect(businessDaysLeftText(12)).toBe('12 business days left');
    expect(businessDaysLeftText(1)).toBe('1 business day left');
    expect(businessDaysLeftText(0)).toBe('0 business days left');
    expect(businessDaysLeftText(-3)).toBe('3 business days overdue');
  });
});
