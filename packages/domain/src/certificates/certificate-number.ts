import { CERTIFICATE_TYPE_LABELS } from '../documents/certificate-file-name.ts';

/**
 * The number printed on a certificate (ours): type prefix, issue year and the row's id, e.g.
 * ACC-2026-000123 (REG- for a registration, EXT- for an extension). The id makes it unique; the
 * prefix and year make it readable over the phone.
 */
export function certificateNumber(id: number, type: string, issueDate: string): string {
  const prefix = (CERTIFICATE_TYPE_LABELS[type] ?? type).slice(0, 3).toUpperCase();
  return `${prefix}-${issueDate.slice(0, 4)}-${String(id).padStart(6, '0')}`;
}
