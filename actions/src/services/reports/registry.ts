import type { TReport, TReportFilters, TReportName } from '@portal/domain';
import type { Db } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAnalyticsReport } from './analytics-report.ts';
import { loadComparativeReport } from './comparative-report.ts';
import type { ReportSources } from './figures-as-of.ts';
import { loadManagementReport } from './management-report.ts';

export type { ReportSources } from './figures-as-of.ts';

/**
 * Makes one report for a caller: checks `canOpenReport` (and, for the comparative report, the
 * practice) on the primary and refuses with AppError('forbidden') otherwise, then reads the
 * figures in one read-only snapshot of `figures` (the reports' read replica when there is one).
 */
export type TReportLoader = (
  sources: ReportSources,
  caller: Caller,
  filters: TReportFilters,
) => Promise<TReport>;

/** One database for both: a service without a read replica, a test, a benchmark. */
export const oneSource = (db: Db): ReportSources => ({ primary: db, figures: db });

/** The reports the routes serve, one service file each under `services/reports/`. */
export const REPORT_LOADERS: Partial<Record<TReportName, TReportLoader>> = {
  management: (sources, caller, filters) => loadManagementReport(sources, caller, filters),
  comparative: loadComparativeReport,
  analytics: loadAnalyticsReport,
};
