import { DOCUMENT_DATE_FORMAT } from '@portal/domain';
import { format } from 'date-fns';

/** A document's date as the table shows it (spec 002 §2: d LLL yyyy - h:mma), in local time. */
export function formatDocumentDate(timestamp: string): string {
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? '' : format(date, DOCUMENT_DATE_FORMAT);
}
