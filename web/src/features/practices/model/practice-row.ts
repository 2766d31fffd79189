import {
  formatDisplayDate,
  formatMonthShort,
  isPracticeRowLocked,
  practiceCycleStatus,
  practiceDueButton,
  type TPracticeDueButton,
} from '@portal/domain';
import type { TPracticeListItem } from '../api/get-practice-list.ts';

/** One row of the practice list, ready to show. */
export interface TPracticeRow {
  id: number;
  name: string;
  suburb: string;
  state: string;
  /** dd/MM/yyyy of the expiry, or of the extension when one was granted. */
  expiry: string;
  /** The original expiry when an extension applies (shown as a hint). */
  extendedFrom: string | null;
  qam: string;
  network: string;
  cycleStatus: string;
  /** dd/MM/yyyy, for an open cycle only. */
  selfAssessmentDue: string;
  /** MMM yyyy, for an open cycle only. */
  surveyVisitScheduled: string;
  /** dd/MM/yyyy of the cycle's booked visit. */
  surveyVisitBooked: string;
  dueButton: TPracticeDueButton | null;
  locked: boolean;
}

/** Who is looking at the list, for the lock and the due buttons. */
export interface TListViewer {
  signedIn: boolean;
  isAdmin: boolean;
}

/** A practice of the list query → the row the table shows (spec 000 §2 columns and rules). */
export function toPracticeRow(practice: TPracticeListItem, viewer: TListViewer): TPracticeRow {
  const cycle = practice.current_accreditation;
  const open = cycle?.status === 'OPEN';
  const roles = practice.practice_users.map((pu) => pu.role);
  const reapplication = practice.reapplications[0]?.status ?? null;
  const extended = !!cycle?.ext_date;
  return {
    id: practice.organisation_id,
    name: practice.organisation.name,
    suburb: practice.organisation.physical_address?.suburb ?? '',
    state: practice.organisation.physical_address?.state ?? '',
    expiry: formatDisplayDate(extended ? cycle?.ext_date : cycle?.expiry_date),
    extendedFrom: extended && cycle?.expiry_date ? formatDisplayDate(cycle.expiry_date) : null,
    qam: cycle?.qam ? `${cycle.qam.first_name} ${cycle.qam.last_name}`.trim() : '',
    network: practice.network?.name ?? '',
    cycleStatus: practiceCycleStatus(practice),
    selfAssessmentDue: open ? formatDisplayDate(cycle?.self_assessment_due) : '',
    surveyVisitScheduled: open ? formatMonthShort(cycle?.survey_visit_due) : '',
    surveyVisitBooked: formatDisplayDate(cycle?.booked_visits[0]?.date),
    dueButton: practiceDueButton({
      practiceId: practice.organisation_id,
      reapplicationStatus: reapplication,
      preferredDaysVisitId: cycle?.preferred_days_visits[0]?.id ?? null,
    }),
    locked: isPracticeRowLocked({
      signedIn: viewer.signedIn,
      practiceStatus: practice.status,
      isSurveyorOnPractice: roles.includes('SU'),
      isAdmin: viewer.isAdmin,
      isPracticeManager: roles.includes('PM'),
    }),
  };
}
