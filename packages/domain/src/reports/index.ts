export * from './analytics-report.ts';
export * from './management-report.ts';
export * from './peer-benchmark.ts';
export * from './report-access.ts';
export * from './report-filters.ts';
export * from './report-table.ts';
