import type { TPracticeRole, TUserFlags } from '../accounts/derive-user-flags.ts';
import type { TBackOfficeRole } from '../permissions/permission-flags.ts';
import { defaultBackOfficeRole } from '../practices/practice-rules.ts';
import type { TReportName } from './report-table.ts';

/** Who asks for a report: the back-office role of the session, and the user's practice roles. */
export interface TReportViewer {
  backOfficeRole: TBackOfficeRole | null;
  practiceRoles?: readonly TPracticeRole[];
}

/**
 * Who may open which report. The management and analytics reports: the back office (every
 * practice's figures), and practice managers and surveyors, whose reports count only the
 * practices they may read (spec 000 §2: the Reports section is hidden only from new users). The
 * comparative report shows one practice against aggregates: the back office for any practice, a
 * practice manager for their own practices (the aggregates never name a peer). Asked by the
 * navigation, the pages and the report routes.
 */
export function canOpenReport(report: TReportName, who: TReportViewer): boolean {
  if (who.backOfficeRole !== null) return true;
  const roles = who.practiceRoles ?? [];
  if (report === 'comparative') return roles.includes('PM');
  return roles.length > 0;
}

/**
 * The report viewer the signed-in user's flags describe (the screen's side; the routes read the
 * roles from the database): a new user has no practice role; a surveyor who is not new has SU.
 */
export function reportViewer(
  flags: Pick<TUserFlags, 'admin' | 'qam' | 'surveyor' | 'isPracticeManager' | 'newUser'>,
): Required<TReportViewer> {
  const practiceRoles: TPracticeRole[] = [];
  if (flags.isPracticeManager) practiceRoles.push('PM');
  if (flags.surveyor && !flags.newUser) practiceRoles.push('SU');
  return { backOfficeRole: defaultBackOfficeRole(flags), practiceRoles };
}
