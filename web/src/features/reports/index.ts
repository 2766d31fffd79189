export { useReport } from './api/use-report.ts';
export { AnalyticsReportPage } from './components/analytics-report-page.tsx';
export { ReportFilterBar } from './components/report-filter-bar.tsx';
export { ReportTablePanel } from './components/report-table-panel.tsx';
export { useReportFilters } from './model/use-report-filters.ts';
