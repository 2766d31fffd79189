import type { TPracticeRole } from '../accounts/derive-user-flags.ts';
import type { TBackOfficeRole } from '../permissions/permission-flags.ts';
import type { TReportName } from './report-table.ts';

/**
 * Who may open which report. The management and analytics reports show every
 * practice's figures: the back office only (QAM, provider admin). The comparative report shows
 * one practice against aggregates: the back office for any practice, a practice manager for
 * their own practices (the aggregates never name a peer). Asked by the navigation, the pages
 * and the report routes.
 */
export function canOpenReport(
  report: TReportName,
  who: { backOfficeRole: TBackOfficeRole | null; practiceRoles?: readonly TPracticeRole[] },
): boolean {
  if (who.backOfficeRole !== null) return true;
  return report === 'comparative' && (who.practiceRoles ?? []).includes('PM');
}
