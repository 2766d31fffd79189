import { formatAuditDateTime } from '../audit/audit-trail.ts';
import { formatDisplayDate, PORTAL_TIME_ZONE } from '../constants/dates.ts';

/**
 * The shape every report answers with (docs/decisions/reports.md): named tables of plain cells. The
 * screen draws them, the actions service writes the same table as CSV or XLSX, so an export always
 * holds what the screen showed, column for column.
 */

/** One cell: text, a number (a count, a rate between 0 and 1, days) or nothing. */
export type TReportCell = string | number | null;

/** How a column's numbers read: a count, a rate 0–1 shown as a percentage, days, a date. */
export type TReportColumnKind = 'text' | 'count' | 'rate' | 'days' | 'date';

export interface TReportColumn {
  key: string;
  /** The header, on screen and in the files. */
  label: string;
  kind: TReportColumnKind;
}

export interface TReportTable {
  /** Stable key: the export path's name (`/api/reports/<report>/<key>.csv`). */
  key: string;
  title: string;
  columns: TReportColumn[];
  rows: Record<string, TReportCell>[];
}

/** What a report route answers: its tables, in screen order, and when it was made. */
export interface TReport {
  report: TReportName;
  generatedAt: string;
  /**
   * The moment its figures reflect: when they were read, or, read from a reports replica that is
   * behind, the commit time of the last change the replica had applied (ISO 8601).
   */
  asOf: string;
  tables: TReportTable[];
}

/**
 * The line under a report's figures: when they are from, in the portal's day and time, and how far
 * behind they are when read from a reports replica that lags by a minute or more.
 */
export function figuresAsAtText(report: Pick<TReport, 'asOf' | 'generatedAt'>): string {
  const at = `Figures as at ${formatAuditDateTime(report.asOf, PORTAL_TIME_ZONE)}`;
  const behind = Math.floor((Date.parse(report.generatedAt) - Date.parse(report.asOf)) / 60_000);
  if (!(behind >= 1)) return `${at}.`;
  const span =
    behind < 120 ? `${behind} minute${behind === 1 ? '' : 's'}` : `${Math.floor(behind / 60)} hours`;
  return `${at}: the reporting copy of the data is ${span} behind, so the latest changes are not counted yet.`;
}

export const REPORT_NAMES = ['management', 'analytics', 'comparative'] as const;
export type TReportName = (typeof REPORT_NAMES)[number];

export const REPORT_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type TReportExportFormat = (typeof REPORT_EXPORT_FORMATS)[number];

/** A table key: lower-case words joined by '-', as used in export paths. */
export const REPORT_TABLE_KEY = /^[a-z][a-z0-9-]{0,62}$/;

/**
 * The fewest practices an aggregate may stand for: a network, state or national figure
 * made of fewer practices is withheld, so a practice manager cannot work out a peer's figures.
 */
export const MIN_AGGREGATE_PRACTICES = 5;

/** A cell as the screen shows it: rates as percentages with one decimal, dates as dd/MM/yyyy, nothing as '–'. */
export function formatReportCell(column: TReportColumn, value: TReportCell | undefined): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return column.kind === 'date' ? formatDisplayDate(value) : value;
  if (column.kind === 'rate') return `${(value * 100).toFixed(1)}%`;
  return value.toLocaleString('en-AU');
}
