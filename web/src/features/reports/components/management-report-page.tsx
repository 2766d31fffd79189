import {
  Alert,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  canOpenReport,
  figuresAsAtText,
  MANAGEMENT_REPORT_TABLES,
  managementReportLink,
  reportViewer,
  type TManagementTableShape,
  type TReport,
  type TReportFilters,
} from '@portal/domain';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from 'urql';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { GetReportFilterChoicesQuery } from '../api/get-report-filter-choices.ts';
import { useReport } from '../api/use-report.ts';
import { useReportFilters } from '../model/use-report-filters.ts';
import { ReportFilterBar } from './report-filter-bar.tsx';
import { ReportTablePanel } from './report-table-panel.tsx';

const TITLE = 'Management Report';
const T = MANAGEMENT_REPORT_TABLES;

/**
 * /Reports/Management (docs/decisions/reports.md, "Management report"): where every practice
 * stands, the work due and overdue, the surveyors' workload and the certificates issued, for the
 * QAM and the provider admin. The filters live in the URL; every table exports as CSV and XLSX; a
 * figure with a list behind it links there (`managementReportLink`).
 */
export function ManagementReportPage() {
  const user = useCurrentUser();
  const allowed = canOpenReport('management', reportViewer(user.flags));
  if (!allowed) {
    return (
      <>
        <PageHeader title={TITLE} />
        <Alert color="red" variant="light" role="alert" title="Not available">
          You do not have permission to see this report.
        </Alert>
      </>
    );
  }
  return <ManagementReport />;
}

function ManagementReport() {
  const { filters, invalid, setFilters } = useReportFilters();
  const { report, error, loading, reload } = useReport('management', filters);
  const [{ data: choices }] = useQuery({ query: GetReportFilterChoicesQuery });
  const networkName = choices?.practice_networks.find((n) => n.id === filters.network)?.name ?? null;
  useScrollToHash(report);

  return (
    <>
      <PageHeader
        title={TITLE}
        description="Where every practice stands, the work due and overdue, the surveyors' workload and the certificates issued."
      />
      <ReportFilterBar filters={filters} onChange={setFilters} />
      {invalid ? (
        <Alert color="yellow" variant="light" mb="lg" title="The filters in the address were ignored">
          {invalid} The report below is not filtered; choose the filters again.
        </Alert>
      ) : null}
      {error ? (
        <Alert color="red" variant="light" role="alert" title="The report could not be loaded" mb="lg">
          <Group justify="space-between">
            <Text fz="sm">{error.message}</Text>
            <Button size="xs" variant="white" onClick={reload}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {!report && loading ? (
        <Stack gap="lg" data-testid="report-loading" aria-busy="true">
          <VisuallyHidden role="status">Loading the report…</VisuallyHidden>
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
            {[1, 2, 3, 4].map((n) => (
              <Skeleton key={n} h={84} radius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton h={220} radius="lg" />
          <Skeleton h={220} radius="lg" />
        </Stack>
      ) : report ? (
        <Stack
          gap="lg"
          style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 120ms' }}
          aria-busy={loading}
        >
          <Summary report={report} />
          <Text c="dimmed" fz="xs">
            {figuresAsAtText(report)} Links to the practice list keep the state and network; it has no QAM or
            date filter.
          </Text>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Panel shape={T.cycleStatus} report={report} filters={filters} networkName={networkName} />
            <Panel
              shape={T.certificatesByMonth}
              report={report}
              filters={filters}
              networkName={networkName}
            />
          </SimpleGrid>
          <Panel shape={T.workDue} report={report} filters={filters} networkName={networkName} />
          <Panel shape={T.actionPlansOverdue} report={report} filters={filters} networkName={networkName} />
          <Panel shape={T.surveyorWorkload} report={report} filters={filters} networkName={networkName} />
        </Stack>
      ) : null}
    </>
  );
}

function Panel({
  shape,
  report,
  filters,
  networkName,
}: {
  shape: TManagementTableShape;
  report: TReport;
  filters: TReportFilters;
  networkName: string | null;
}) {
  const table = report.tables.find((candidate) => candidate.key === shape.key);
  if (!table) return null;
  return (
    <ReportTablePanel
      report="management"
      table={table}
      filters={filters}
      description={shape.description}
      linkOf={(row, columnKey) => managementReportLink(table.key, row, columnKey, { filters, networkName })}
    />
  );
}

/** Key figures above the tables, summed from them. */
function Summary({ report }: { report: TReport }) {
  const rows = (key: string) => report.tables.find((table) => table.key === key)?.rows ?? [];
  const sum = (key: string, column: string) =>
    rows(key).reduce((total, row) => total + (Number(row[column]) || 0), 0);
  const figures = [
    { label: 'Active practices', value: sum(T.cycleStatus.key, 'practices') },
    { label: 'Work outstanding', value: sum(T.workDue.key, 'due') },
    { label: 'Work overdue', value: sum(T.workDue.key, 'overdue') },
    { label: 'Certificates issued', value: sum(T.certificatesByMonth.key, 'issued') },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" component="dl" m={0} aria-label="Key figures">
      {figures.map((figure) => (
        <Paper key={figure.label} withBorder radius="lg" p="md">
          <Text component="dt" c="dimmed" fz="sm">
            {figure.label}
          </Text>
          <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
            {figure.value.toLocaleString('en-AU')}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** A link to a table of this report (`#report-table-…`) scrolls to it once the report is drawn. */
function useScrollToHash(report: TReport | null) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!report || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ block: 'start' });
  }, [report, hash]);
}
