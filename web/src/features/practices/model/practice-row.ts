import {
  isPracticeRowLocked,
  type PracticeListDisplay,
  practiceDueButton,
  practiceListDisplay,
  practiceRolesFrom,
  type TBackOfficeRole,
  type TPracticeDueButton,
  type TPracticeOpener,
  type TPracticeRole,
} from '@portal/domain';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import type { GetPracticeListQuery } from '../api/get-practice-list.ts';

/**
 * One practice of the list query: the shared row fields (what the table and the CSV both show, see
 * `practiceListCells`) plus what only the screen needs.
 */
export type TPracticeListItem = ResultOf<typeof GetPracticeListQuery>['practices'][number];

/** One row of the practice list, ready to show: the domain's display texts, the due button, the lock. */
export interface TPracticeRow extends PracticeListDisplay {
  id: number;
  dueButton: TPracticeDueButton | null;
  locked: boolean;
}

/** Who is looking at the list: for the lock, and for which due buttons they may use. */
export interface TListViewer {
  signedIn: boolean;
  isAdmin: boolean;
  /** The back-office role of the list's requests (see `defaultBackOfficeRole`), null for role user. */
  backOfficeRole: TBackOfficeRole | null;
}

/**
 * A practice of the list query → the row the table shows. The column texts are the domain's
 * `practiceListDisplay`, exactly what the CSV download writes; the due button and the lock are
 * the domain's rules applied to the user's own roles on the practice (its `practice_users` rows
 * for the signed-in user, which the list query selects).
 */
export function toPracticeRow(practice: TPracticeListItem, viewer: TListViewer): TPracticeRow {
  const display = practiceListDisplay(practice);
  const cycle = practice.current_accreditation;
  const roles = practiceRolesOf(practice);
  return {
    ...display,
    id: practice.organisation_id,
    dueButton: practiceDueButton({
      practiceId: practice.organisation_id,
      reapplicationStatus: practice.reapplications?.[0]?.status ?? null,
      preferredDaysVisitId: cycle?.preferred_days_visits?.[0]?.id ?? null,
      viewer: { practiceRoles: roles, backOfficeRole: viewer.backOfficeRole },
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

/** The signed-in user's active roles on a listed practice (its `practice_users` rows for them). */
function practiceRolesOf(practice: TPracticeListItem): TPracticeRole[] {
  return practiceRolesFrom(practice.practice_users.map((pu) => pu.role));
}

/** The viewer as the opener of a listed practice (for `singlePracticeLanding`). */
export function practiceOpenerOf(practice: TPracticeListItem, viewer: TListViewer): TPracticeOpener {
  return {
    practiceRoles: practiceRolesOf(practice),
    backOfficeRole: viewer.backOfficeRole,
    isAdmin: viewer.isAdmin,
  };
}
