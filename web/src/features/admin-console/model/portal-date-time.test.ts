import { describe, expect, it } from 'vitest';
import { formatPortalDateTime } from './portal-date-time.ts';

describe('formatPortalDateTime', () => {
  it("spec 002 §5: says an instant as Sydney's dd/MM/yyyy and 24-hour time; blank for none", () => {
    // 20:00 UTC on 1 March 2027 is 07:00 on the 2nd in Sydney (summer time).
    expect(formatPortalDateTime('2027-03-01T20:00:00Z')).toBe('02/03/2027 07:00');
    expect(formatPortalDateTime('2027-07-01T00:05:00Z')).toBe('01/07/2027 10:05');
    expect(formatPortalDateTime(null)).toBe('');
    expect(formatPortalDateTime('not a date')).toBe('');
  });
});
