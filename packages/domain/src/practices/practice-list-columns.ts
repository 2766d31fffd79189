import { formatDisplayDate, formatMonthShort } from '../constants/dates.ts';
import { practiceCycleStatus, statusBadge } from './status-badge.ts';

/**
 * The fields of one practice-list row, as a GraphQL selection on `practices`: what the table
 * and the CSV download both read, so the two cannot drift apart.
 */
export const PRACTICE_LIST_ROW_FIELDS = `
  organisation_id
  status
  organisation { name physical_address { suburb state } }
  network { name }
  current_accreditation {
    id status expiry_date ext_date self_assessment_due
    qam { first_name last_name }
    assessments { type status created_at }
    survey_visits(where: {archived: {_eq: false}}, order_by: [{due: asc_nulls_last}, {id: asc}]) {
      id status date due
    }
  }
  reapplications(where: {status: {_in: [DUE, PAYMENT_PENDING]}}) { status }
`;

/** One row as PRACTICE_LIST_ROW_FIELDS returns it. */
export interface PracticeListRow {
  organisation_id: number;
  status: string;
  organisation?: {
    name: string;
    physical_address?: { suburb?: string | null; state?: string | null } | null;
  } | null;
  network?: { name: string } | null;
  current_accreditation?: {
    status: string;
    expiry_date?: string | null;
    ext_date?: string | null;
    self_assessment_due?: string | null;
    qam?: { first_name: string; last_name: string } | null;
    assessments?: ReadonlyArray<{ type: string; status: string; created_at?: string }> | null;
    survey_visits?: ReadonlyArray<{
      id: number;
      status: string;
      date?: string | null;
      due?: string | null;
    }> | null;
  } | null;
  reapplications?: ReadonlyArray<{ status: string }> | null;
}

/** The table's columns (spec 000 §2), also the CSV header. */
export const PRACTICE_LIST_COLUMNS = [
  'Practice',
  'Suburb',
  'State',
  'Expiry',
  'QAM',
  'Network',
  'Cycle',
  'SA Due',
  'SV Scheduled',
  'SV Booked',
] as const;

/**
 * The survey visit a row talks about: the first not yet final (by due date), else the latest
 * final one.
 */
export function practiceListVisit(row: PracticeListRow) {
  const visits = row.current_accreditation?.survey_visits ?? [];
  return visits.find((v) => v.status !== 'FINAL') ?? visits.at(-1) ?? null;
}

/**
 * The displayed text of each column of a row: dates dd/MM/yyyy, the scheduled visit as
 * MMM yyyy, the cycle as its badge label.
 */
export function practiceListCells(row: PracticeListRow): string[] {
  const cycle = row.current_accreditation;
  const visit = practiceListVisit(row);
  return [
    row.organisation?.name ?? '',
    row.organisation?.physical_address?.suburb ?? '',
    row.organisation?.physical_address?.state ?? '',
    formatDisplayDate(cycle?.expiry_date),
    cycle?.qam ? `${cycle.qam.first_name} ${cycle.qam.last_name}` : '',
    row.network?.name ?? '',
    statusBadge(practiceCycleStatus(row)).label,
    formatDisplayDate(cycle?.self_assessment_due),
    formatMonthShort(visit?.due),
    formatDisplayDate(visit?.date),
  ];
}
