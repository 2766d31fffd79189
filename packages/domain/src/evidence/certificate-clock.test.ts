import { describe, expect, it } from 'vitest';
import { CERTIFICATE_BUSINESS_DAYS, certificateDueDate, formatCertificateDue } from './certificate-clock.ts';

const NONE: ReadonlySet<string> = new Set();

describe('the certificate clock (docs/decisions/evidence.md#certificate-clock)', () => {
  it('issue 32: a certificate is due 20 business days after the portal day of the approval', () => {
    expect(CERTIFICATE_BUSINESS_DAYS).toBe(20);
    // Approved Friday 11 December 2026 at 16:00 in Sydney: Christmas and Boxing Day (Monday 28th) not counted.
    const holidays = new Set(['2026-12-25', '2026-12-28']);
    expect(certificateDueDate('2026-12-11T05:00:00Z', holidays)).toBe('2027-01-12');
    expect(certificateDueDate('2026-12-11T05:00:00Z', NONE)).toBe('2027-01-08');
    // 23:30 UTC on the 10th is already the 11th in Sydney.
    expect(certificateDueDate('2026-12-10T23:30:00Z', NONE)).toBe('2027-01-08');
  });

  it('issue 32: says the days left, 0 on the day, then overdue; nothing without an approval or the holidays', () => {
    const at = '2026-12-11T05:00:00Z';
    expect(formatCertificateDue(at, '2026-12-14', NONE)?.text).toBe(
      'Certificate due 08/01/2027 · 19 business days left',
    );
    expect(formatCertificateDue(at, '2027-01-08', NONE)).toEqual({
      due: '2027-01-08',
      left: 0,
      text: 'Certificate due 08/01/2027 · 0 business days left',
    });
    expect(formatCertificateDue(at, '2027-01-11', NONE)?.text).toBe(
      'Certificate due 08/01/2027 · 1 business day overdue',
    );
    expect(formatCertificateDue(null, '2027-01-11', NONE)).toBeNull();
    expect(formatCertificateDue(at, '2027-01-11', undefined)).toBeNull();
  });
});
