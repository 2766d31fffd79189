import { describe, expect, it } from 'vitest';
import { DOCUMENT_MESSAGES } from '../documents/document-messages.ts';
import { SURVEY_CONFIRMATION_MESSAGES } from '../practices/renewal.ts';
import { DATE_PICKER_FORMAT, formatShortDate, parseDisplayDate } from './dates.ts';
import { amPmTimeProblem, isTimeFieldKey, parseAmPmTime, TIME_AM_PM_MESSAGE } from './times.ts';
import { successToastMs, TOAST_DOWNLOAD_MS, TOAST_MS } from './toasts.ts';

describe('toast durations', () => {
  it('spec 002 §9: toasts last 5000 ms, 3000 ms only for the download messages it names', () => {
    expect(TOAST_MS).toBe(5000);
    expect(TOAST_DOWNLOAD_MS).toBe(3000);
    for (const message of [
      'Successfully downloaded document',
      'Successfully downloaded documents.',
      'Successfully downloaded folder.',
      'Successfully downloaded confirmation form.',
    ])
      expect(successToastMs(message), message).toBe(3000);
    expect(DOCUMENT_MESSAGES.downloadSucceeded).toBe('Successfully downloaded document');
    expect(SURVEY_CONFIRMATION_MESSAGES.downloadSucceeded).toBe('Successfully downloaded confirmation form.');
    // Assessment messages and every other confirmation: 5000 ms (spec 001 §9).
    expect(successToastMs('The assessment was reopened.')).toBe(5000);
    expect(successToastMs('File upload was successful!')).toBe(5000);
  });
});

describe('the date picker', () => {
  it('spec 001 §9: takes dd/MM/yy, the two-digit year the nearest no more than 20 years ahead', () => {
    expect(DATE_PICKER_FORMAT).toBe('dd/MM/yy');
    expect(parseDisplayDate('05/03/25', '2026-11-30')).toBe('2025-03-05');
    expect(parseDisplayDate('01/02/46', '2026-11-30')).toBe('2046-02-01');
    expect(parseDisplayDate('01/02/47', '2026-11-30')).toBe('1947-02-01');
    expect(parseDisplayDate('01/02/95', '2026-11-30')).toBe('1995-02-01');
    expect(parseDisplayDate('29/02/24', '2026-11-30')).toBe('2024-02-29');
    expect(parseDisplayDate('29/02/25', '2026-11-30')).toBeNull();
    expect(parseDisplayDate('05/03/2025')).toBe('2025-03-05');
    expect(parseDisplayDate('5/3/25')).toBeNull();
  });

  it('spec 001 §9: shows dd MMM yy', () => {
    expect(formatShortDate('2025-03-05')).toBe('05 Mar 25');
    expect(formatShortDate('2031-12-31T10:00:00Z')).toBe('31 Dec 31');
    expect(formatShortDate('nonsense')).toBe('');
  });
});

describe('the time helper', () => {
  it("spec 002 §5: 'Value should be in form hh:mm am|pm'", () => {
    expect(parseAmPmTime('9:05 am')).toBe('09:05');
    expect(parseAmPmTime('09:05 AM')).toBe('09:05');
    expect(parseAmPmTime('12:30 am')).toBe('00:30');
    expect(parseAmPmTime('12:00 pm')).toBe('12:00');
    expect(parseAmPmTime('5:30pm')).toBe('17:30');
    for (const bad of ['13:00 pm', '0:30 am', '9:5 am', '09:60 am', '17:30', 'nine am'])
      expect(parseAmPmTime(bad), bad).toBeNull();
    expect(amPmTimeProblem('17:30')).toBe(TIME_AM_PM_MESSAGE);
    expect(TIME_AM_PM_MESSAGE).toBe('Value should be in form hh:mm am|pm');
    expect(amPmTimeProblem('5:30 pm')).toBeNull();
    expect(amPmTimeProblem('')).toBeNull();
  });

  it('spec 002 §5: a time field takes digits, colon, a, p, m, space and editing keys only', () => {
    for (const key of [
      '0',
      '9',
      ':',
      'a',
      'p',
      'm',
      'A',
      'P',
      'M',
      ' ',
      'Backspace',
      'Delete',
      'ArrowLeft',
      'Tab',
    ])
      expect(isTimeFieldKey(key), key).toBe(true);
    for (const key of ['x', '-', '.', 'b', 'Z', '/']) expect(isTimeFieldKey(key), key).toBe(false);
    expect(isTimeFieldKey('v', true)).toBe(true);
  });
});
