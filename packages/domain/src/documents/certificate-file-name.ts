import { formatDayMonthYear } from '../constants/dates.ts';

/** The words for a certificate's type (`certificate_type`). */
export const CERTIFICATE_TYPE_LABELS: Readonly<Record<string, string>> = {
  ACCREDITATION: 'Accreditation',
  REGISTRATION: 'Registration',
  EXTENSION: 'Extension',
};

/** 'Accreditation', or the type as it is when we have no words for it. */
export const certificateTypeLabel = (type: string): string => CERTIFICATE_TYPE_LABELS[type] ?? type;

/**
 * The file name a certificate's PDF downloads as: '<practice> - <Type> certificate - <expiry>.pdf',
 * e.g. 'Harbourside Family Medical - Accreditation certificate - 3 Mar 2027.pdf', so that two
 * certificates of one practice never share a name. Characters a file system refuses become '-'.
 */
export function certificateFileName(practiceName: string, type: string, expiryDate: string): string {
  const practice = practiceName.replace(/[\p{Cc}\\/:*?"<>|]+/gu, '-').trim() || 'Practice';
  const expiry = formatDayMonthYear(expiryDate);
  return `${[practice, `${certificateTypeLabel(type)} certificate`, expiry].filter(Boolean).join(' - ')}.pdf`;
}
