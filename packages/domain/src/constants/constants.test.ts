import { describe, expect, it } from 'vitest';
import {
  addYearsToWireDate,
  formatDisplayDate,
  formatMonthLong,
  formatMonthShort,
  isWireDate,
  parseDisplayDate,
  toWireDate,
} from './dates.ts';
import { PRACTICE_LIST_PAGE_SIZE, STAFF_PAGE_SIZE_OPTIONS, TOAST_CONTACT_MS } from './limits.ts';
import { CONTACT_MESSAGES, PRACTICE_MESSAGES, STAFF_MESSAGES } from './messages.ts';

describe('dates', () => {
  it('shows yyyy-MM-dd as dd/MM/yyyy, blank when missing or invalid', () => {
    expect(formatDisplayDate('2025-03-01')).toBe('01/03/2025');
    expect(formatDisplayDate('2025-03-01T10:00:00Z')).toBe('01/03/2025');
    expect(formatDisplayDate(null)).toBe('');
    expect(formatDisplayDate('2025-02-30')).toBe('');
    expect(formatDisplayDate('garbage')).toBe('');
  });

  it('reads dd/MM/yyyy back and refuses impossible dates', () => {
    expect(parseDisplayDate('29/02/2024')).toBe('2024-02-29');
    expect(parseDisplayDate('29/02/2025')).toBeNull();
    expect(parseDisplayDate('2025-01-01')).toBeNull();
    expect(isWireDate('2025-13-01')).toBe(false);
  });

  it('writes a local date as its calendar day and adds years', () => {
    expect(toWireDate(new Date(2025, 0, 5))).toBe('2025-01-05');
    expect(addYearsToWireDate('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYearsToWireDate('2025-06-30', 1)).toBe('2026-06-30');
  });

  it('formats months for visits and preference days', () => {
    expect(formatMonthShort('2025-03-14')).toBe('Mar 2025');
    expect(formatMonthLong('2025-03-14')).toBe('March 2025');
    expect(formatMonthLong(undefined)).toBe('');
  });
});

describe('messages and limits', () => {
  it('keeps the spec words', () => {
    expect(STAFF_MESSAGES.saveFieldInvalid('Email')).toBe(
      'Could not save staff member, value for Email is invalid',
    );
    expect(STAFF_MESSAGES.inviteSent('a@b.co')).toBe('You have submitted an invite to a@b.co.');
    expect(STAFF_MESSAGES.inviteFailed('a@b.co')).toBe(
      'Invite was not sent to a@b.co. Please check you have entered a valid email address & try again.',
    );
    expect(CONTACT_MESSAGES.updated).toBe('Successfully updated nominated contact');
    expect(PRACTICE_MESSAGES.noPracticesForSearch).toBe('No practices found for the search criteria');
    expect(PRACTICE_LIST_PAGE_SIZE).toBe(25);
    expect(STAFF_PAGE_SIZE_OPTIONS).toEqual([10, 20, 30, 40]);
    expect(TOAST_CONTACT_MS).toBe(3000);
  });
});
