import type { TReport, TReportFilters, TReportName } from '@portal/domain';
import type { Db } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { loadAnalyticsReport } from './analytics-report.ts';
import { loadComparativeReport } from './comparative-report.ts';
import { loadManagementReport } from './management-report.ts';

/**
 * Makes one report for a caller: checks `canOpenReport` (and, for the comparative report, the
 * practice) and refuses with AppError('forbidden') otherwise, then reads the figures in one
 * read-only snapshot.
 */
export type TReportLoader = (db: Db, caller: Caller, filters: TReportFilters) => Promise<TReport>;

/** The reports the routes serve, one service file each under `services/reports/`. */
export const REPORT_LOADERS: Partial<Record<TReportName, TReportLoader>> = {
  management: (db, caller, filters) => loadManagementReport(db, caller, filters),
  comparative: loadComparativeReport,
  analytics: loadAnalyticsReport,
};
