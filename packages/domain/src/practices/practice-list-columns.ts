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
    id status expiry_date ext_date self_assessment_due survey_visit_due
    qam { first_name last_name }
    assessments(where: {type: {_eq: SURVEY_VISIT}}, order_by: {created_at: desc}, limit: 1) {
      type status created_at
    }
    booked_visits: survey_visits(
      where: {archived: {_eq: false}, status: {_eq: FINAL}, date: {_is_null: false}}, order_by: {date: desc}, limit: 1
    ) { id date status }
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
    survey_visit_due?: string | null;
    qam?: { first_name: string; last_name: string } | null;
    assessments?: ReadonlyArray<{ type: string; status: string; created_at?: string }> | null;
    /** The latest booked visit of the cycle (at most one; see `isBookedVisit`). */
    booked_visits?: ReadonlyArray<{
      id: number;
      date: string | null;
      status: string;
      archived?: boolean;
    }> | null;
  } | null;
  reapplications?: ReadonlyArray<{ status: string }> | null;
}

/**
 * A survey visit is booked when its date is confirmed: status FINAL with a date, not archived.
 * A DRAFT or PLANNING visit's date is a proposal and a PREFERRED_DAYS_REQ visit is still
 * collecting availability, so none of them is booked (the SV Booked column; spec 000 §2, §3).
 * PRACTICE_LIST_ROW_FIELDS selects `booked_visits` with the same condition.
 */
export function isBookedVisit(visit: {
  status: string;
  date?: string | null;
  archived?: boolean | null;
}): boolean {
  return visit.status === 'FINAL' && !!visit.date && !visit.archived;
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

/** What a practice-list row shows, by column, as text (dates already formatted). */
export interface PracticeListDisplay {
  name: string;
  suburb: string;
  state: string;
  /** dd/MM/yyyy of the expiry, or of the extension when one was granted. */
  expiry: string;
  /** dd/MM/yyyy of the original expiry when an extension applies (a hint), else null. */
  extendedFrom: string | null;
  qam: string;
  network: string;
  /** The Cycle badge's status value (see `practiceCycleStatus`, `statusBadge`). */
  cycleStatus: string;
  /** dd/MM/yyyy, for an open cycle only. */
  selfAssessmentDue: string;
  /** MMM yyyy of the cycle's survey visit due date, for an open cycle only. */
  surveyVisitScheduled: string;
  /** dd/MM/yyyy of the cycle's latest booked visit (`isBookedVisit`). */
  surveyVisitBooked: string;
}

/**
 * A row's columns as the table shows them (spec 000 §2, §9): the expiry is the extension date
 * when one was granted (what "Less than 12m to expire" also counts), SA Due and SV Scheduled
 * belong to an open cycle, SV Booked is the latest booked visit (FINAL, dated, not archived).
 */
export function practiceListDisplay(row: PracticeListRow): PracticeListDisplay {
  const cycle = row.current_accreditation;
  const open = cycle?.status === 'OPEN';
  const extended = !!cycle?.ext_date;
  return {
    name: row.organisation?.name ?? '',
    suburb: row.organisation?.physical_address?.suburb ?? '',
    state: row.organisation?.physical_address?.state ?? '',
    expiry: formatDisplayDate(extended ? cycle?.ext_date : cycle?.expiry_date),
    extendedFrom: extended && cycle?.expiry_date ? formatDisplayDate(cycle.expiry_date) : null,
    qam: cycle?.qam ? `${cycle.qam.first_name} ${cycle.qam.last_name}`.trim() : '',
    network: row.network?.name ?? '',
    cycleStatus: practiceCycleStatus(row),
    selfAssessmentDue: open ? formatDisplayDate(cycle?.self_assessment_due) : '',
    surveyVisitScheduled: open ? formatMonthShort(cycle?.survey_visit_due) : '',
    surveyVisitBooked: formatDisplayDate(cycle?.booked_visits?.find(isBookedVisit)?.date),
  };
}

/** The displayed text of each column of a row, in PRACTICE_LIST_COLUMNS order (the CSV line). */
export function practiceListCells(row: PracticeListRow): string[] {
  const d = practiceListDisplay(row);
  return [
    d.name,
    d.suburb,
    d.state,
    d.expiry,
    d.qam,
    d.network,
    statusBadge(d.cycleStatus).label,
    d.selfAssessmentDue,
    d.surveyVisitScheduled,
    d.surveyVisitBooked,
  ];
}
