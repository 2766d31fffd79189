import { Alert, Center, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  ANALYTICS_TABLES,
  canOpenReport,
  figuresAsAtText,
  formatReportCell,
  metRate,
  reportViewer,
  type TReport,
  type TReportTable,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { NotAllowedPage } from '../../../components/route-error-page.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { useReport } from '../api/use-report.ts';
import { useReportFilters } from '../model/use-report-filters.ts';
import {
  MetRateByStandardChart,
  MostNotMetChart,
  RiskRatingsChart,
  TrendChart,
} from './analytics-charts.tsx';
import { ReportFilterBar } from './report-filter-bar.tsx';
import { ReportTablePanel } from './report-table-panel.tsx';

export const ANALYTICS_NOT_ALLOWED = 'You do not have permission to see this report.';

/** /Reports/Analytics: how the standards fare across practices; the back office, and practice managers and surveyors over their own (spec 000 §2). */
export function AnalyticsReportPage() {
  const user = useCurrentUser();
  if (!canOpenReport('analytics', reportViewer(user.flags)))
    return <NotAllowedPage message={ANALYTICS_NOT_ALLOWED} />;
  return <AnalyticsReport />;
}

const DESCRIPTIONS: Record<string, string> = {
  [ANALYTICS_TABLES.standards.key]:
    'Met rate = Met ÷ (Met + Not met); Not applicable findings are counted apart and left out of the rate.',
  [ANALYTICS_TABLES.criteria.key]: 'The same figures per criterion, in the order of the standards.',
  [ANALYTICS_TABLES.indicators.key]: 'The same figures per indicator.',
  [ANALYTICS_TABLES.mostNotMet.key]:
    'Share of practices = practices with the indicator Not met ÷ practices whose survey rated it.',
  [ANALYTICS_TABLES.riskRatings.key]:
    'The risk rating surveyors gave each Not met finding; open and closed now.',
  [ANALYTICS_TABLES.timeToClose.key]:
    "From the survey's first 'Action required' to each non-conformity closed and to certification.",
  [ANALYTICS_TABLES.trend.key]:
    'By the month of the survey visit; non-conformities raised are its Not met findings.',
};

function AnalyticsReport() {
  const { filters, invalid, setFilters } = useReportFilters();
  const { report, error, loading } = useReport('analytics', filters);
  const tableOf = (key: string) => report?.tables.find((table) => table.key === key);
  /** No survey counted under these filters: one message instead of seven empty panels. */
  const empty =
    report !== null &&
    (tableOf(ANALYTICS_TABLES.standards.key)?.rows.length ?? 0) === 0 &&
    (tableOf(ANALYTICS_TABLES.trend.key)?.rows.length ?? 0) === 0;
  const panel = (key: string, chart?: (table: TReportTable) => ReactNode) => {
    const table = tableOf(key);
    if (!table || empty) return null;
    return (
      <ReportTablePanel
        report="analytics"
        table={table}
        filters={filters}
        description={DESCRIPTIONS[key]}
        chart={chart && table.rows.length > 0 ? chart(table) : undefined}
      />
    );
  };

  return (
    <>
      <PageHeader
        title="Analytics Report"
        description="Findings of survey visits once every surveyor has submitted (under review, action required, approved or certified). From and To select surveys by the date of their visit."
      />
      {invalid ? (
        <Alert color="red" variant="light" mb="md" title="A filter in the address was ignored">
          {invalid}
        </Alert>
      ) : null}
      <ReportFilterBar filters={filters} onChange={setFilters} editions />
      {error ? (
        <Alert color="red" variant="light" title="The report could not be made">
          {error.message}
        </Alert>
      ) : null}
      {loading && !report ? (
        <Center py="xl">
          <Loading label="Loading the analytics report" />
        </Center>
      ) : null}
      {report ? (
        <Stack gap="lg" aria-busy={loading}>
          <KeyFigures report={report} />
          <Text c="dimmed" fz="xs">
            {figuresAsAtText(report)}
          </Text>
          {empty ? (
            <Paper withBorder radius="lg" p="lg">
              <Text fw={600}>No submitted survey matches these filters.</Text>
              <Text c="dimmed" fz="sm">
                Widen the dates or clear a filter to see findings.
              </Text>
            </Paper>
          ) : null}
          {panel(ANALYTICS_TABLES.standards.key, (table) => (
            <MetRateByStandardChart table={table} />
          ))}
          {panel(ANALYTICS_TABLES.mostNotMet.key, (table) => (
            <MostNotMetChart table={table} />
          ))}
          {panel(ANALYTICS_TABLES.riskRatings.key, (table) => (
            <RiskRatingsChart table={table} />
          ))}
          {panel(ANALYTICS_TABLES.timeToClose.key)}
          {panel(ANALYTICS_TABLES.trend.key, (table) => (
            <TrendChart table={table} />
          ))}
          {panel(ANALYTICS_TABLES.criteria.key)}
          {panel(ANALYTICS_TABLES.indicators.key)}
        </Stack>
      ) : null}
    </>
  );
}

/** Surveys counted, findings rated, the overall met rate and non-conformities raised, at a glance. */
function KeyFigures({ report }: { report: TReport }) {
  const rows = (key: string) => report.tables.find((table) => table.key === key)?.rows ?? [];
  const sum = (key: string, column: string) =>
    rows(key).reduce(
      (total, row) => total + (typeof row[column] === 'number' ? (row[column] as number) : 0),
      0,
    );
  const met = sum(ANALYTICS_TABLES.standards.key, 'met');
  const notMet = sum(ANALYTICS_TABLES.standards.key, 'notMet');
  const rate = formatReportCell({ key: 'rate', label: 'Met rate', kind: 'rate' }, metRate(met, notMet));
  const figures = [
    { label: 'Surveys', value: sum(ANALYTICS_TABLES.trend.key, 'surveys').toLocaleString('en-AU') },
    { label: 'Findings rated', value: (met + notMet).toLocaleString('en-AU') },
    { label: 'Met rate', value: rate },
    { label: 'Non-conformities', value: notMet.toLocaleString('en-AU') },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" component="dl" m={0}>
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="lg" p="md">
          <Text component="dt" fz="sm" c="dimmed">
            {figure.label}
          </Text>
          <Text component="dd" fz={26} fw={700} m={0}>
            {figure.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
