import { formatDisplayDate, portalToday } from '../constants/dates.ts';
import { addBusinessDays, businessDaysLeft, businessDaysLeftText, type THolidays } from './business-days.ts';

/**
 * The report clock (issue 32; docs/decisions/evidence.md#certificate-clock): a certificate is due
 * within this many business days of the final assessment, the survey's approval.
 */
export const CERTIFICATE_BUSINESS_DAYS = 20;

/**
 * The day the certificate of a survey approved at `approvedAt` (a timestamp) is due: 20 business
 * days after the portal day of the approval, by the one rule (`addBusinessDays`).
 */
export function certificateDueDate(approvedAt: string, holidays: THolidays): string {
  return addBusinessDays(portalToday(new Date(approvedAt)), CERTIFICATE_BUSINESS_DAYS, holidays);
}

/**
 * 'Certificate due 12/03/2027 · 4 business days left' (or '… overdue'); null until the holidays
 * are known or without an approval to count from.
 */
export function formatCertificateDue(
  approvedAt: string | null | undefined,
  today: string,
  holidays: THolidays | undefined,
): { due: string; text: string; left: number } | null {
  if (!approvedAt || !holidays) return null;
  const due = certificateDueDate(approvedAt, holidays);
  const left = businessDaysLeft(today, due, holidays);
  return { due, left, text: `Certificate due ${formatDisplayDate(due)} · ${businessDaysLeftText(left)}` };
}
