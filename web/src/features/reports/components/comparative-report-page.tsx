import { BarChart } from '@mantine/charts';
import { Alert, Center, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  canOpenReport,
  defaultBackOfficeRole,
  figuresAsAtText,
  MIN_AGGREGATE_PRACTICES,
  PRACTICE_SEARCH_DEBOUNCE_MS,
  practiceRolesFrom,
  type TReportTable,
  WITHHELD_AGGREGATE_NOTE,
} from '@portal/domain';
import { useMemo, useState } from 'react';
import { Navigate } from 'react-router';
import { useQuery } from 'urql';
import { Loading } from '../../../components/loading.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { NotAllowedPage } from '../../../components/route-error-page.tsx';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { GetComparativePracticeChoicesQuery } from '../api/get-comparative-practice-choices.ts';
import { useReport } from '../api/use-report.ts';
import { useReportFilters } from '../model/use-report-filters.ts';
import { ReportTablePanel } from './report-table-panel.tsx';

export const COMPARATIVE_REPORT_MESSAGES = {
  notAllowed: 'The comparative report is for practice managers, QAMs and provider admins.',
  choose: 'Choose a practice to compare it with its peers.',
  noEdition: 'This practice has no standards edition yet, so there is nothing to compare.',
} as const;

const TABLE_DESCRIPTIONS: Record<string, string> = {
  standards: 'Indicators met of those rated met or not met, in the latest survey of each practice.',
  'non-conformities': 'Indicators not met in the latest survey of each practice, by the risk rating found.',
  'cycle-times': 'Days between the steps of the latest accreditation cycle of each practice.',
};

/**
 * /Reports/Comparative?practice=<id> (docs/decisions/reports.md, "Comparative report"): one
 * practice against its network, its state and all practices on the same standards. A practice
 * manager picks one of the practices they manage; the back office searches any practice. Peers are
 * never named: the tables hold the practice's own figures and the quartiles of each group of at
 * least 5 other practices.
 */
export function ComparativeReportPage() {
  const user = useCurrentUser();
  const backOfficeRole = defaultBackOfficeRole(user.flags);
  const practiceRoles = practiceRolesFrom(user.practices.flatMap((practice) => practice.roles));
  if (!canOpenReport('comparative', { backOfficeRole, practiceRoles })) {
    return <NotAllowedPage message={COMPARATIVE_REPORT_MESSAGES.notAllowed} />;
  }
  return <ComparativeReport backOffice={backOfficeRole !== null} />;
}

function ComparativeReport({ backOffice }: { backOffice: boolean }) {
  const { filters, invalid, setFilters } = useReportFilters();
  const practiceId = filters.practice;
  const onlyPractice = { practice: practiceId };
  const { report, error, loading } = useReport('comparative', practiceId === undefined ? {} : onlyPractice);
  const user = useCurrentUser();
  const managed = user.practices.filter((practice) => practice.roles.includes('PM'));
  const header = report?.tables.find((table) => table.key === 'practice')?.rows[0];
  const chosenName = typeof header?.practice === 'string' ? header.practice : null;
  const tables = report?.tables.filter((table) => table.key !== 'practice') ?? [];

  // A practice manager of one practice has nothing to choose: their practice opens at once.
  const only =
    !backOffice && practiceId === undefined && !invalid && managed.length === 1 ? managed[0] : undefined;
  if (only) return <Navigate to={`?practice=${only.id}`} replace />;

  return (
    <>
      <PageHeader
        title="Comparative Report"
        description="One practice against its network, its state and all practices assessed on the same standards."
      />
      <Paper
        withBorder
        radius="lg"
        p="md"
        mb="lg"
        component="form"
        role="search"
        aria-label="Choose a practice"
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          {backOffice ? (
            <BackOfficePracticePicker
              value={practiceId}
              chosenName={chosenName}
              onChange={(practice) => setFilters({ practice })}
            />
          ) : (
            <ManagerPracticePicker value={practiceId} onChange={(practice) => setFilters({ practice })} />
          )}
        </Group>
      </Paper>
      {invalid ? (
        <Alert color="red" variant="light" mb="lg" role="alert" title="The address has a bad filter">
          {invalid}
        </Alert>
      ) : null}
      {practiceId === undefined ? (
        <Text c="dimmed">{COMPARATIVE_REPORT_MESSAGES.choose}</Text>
      ) : loading && !report ? (
        <Center py="xl">
          <Loading label="Loading the report" />
        </Center>
      ) : error ? (
        <Alert color="red" variant="light" role="alert" title="The report could not be shown">
          {error.message}
        </Alert>
      ) : report ? (
        <Stack gap="lg">
          <PracticeSummary row={header} />
          <Text c="dimmed" fz="xs">
            {figuresAsAtText(report)}
          </Text>
          <MethodNote />
          {tables.length === 0 ? <Text c="dimmed">{COMPARATIVE_REPORT_MESSAGES.noEdition}</Text> : null}
          {tables.map((table) => (
            <ReportTablePanel
              key={table.key}
              report="comparative"
              table={groupedRows(table)}
              filters={onlyPractice}
              description={TABLE_DESCRIPTIONS[table.key]}
              chart={table.key === 'standards' ? <StandardsChart table={table} /> : undefined}
            />
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/** A practice manager's own practices (those they manage), from the signed-in user. */
function ManagerPracticePicker({
  value,
  onChange,
}: {
  value: number | undefined;
  onChange: (practice: number | undefined) => void;
}) {
  const user = useCurrentUser();
  const data = user.practices
    .filter((practice) => practice.roles.includes('PM'))
    .map((practice) => ({ value: String(practice.id), label: practice.name }));
  return (
    <Select
      label="Practice"
      placeholder="Choose one of your practices"
      searchable
      w={360}
      maw="100%"
      data={data}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      nothingFoundMessage="No practice of yours has that name"
    />
  );
}

/** Any practice, searched by name (20 at a time). */
function BackOfficePracticePicker({
  value,
  chosenName,
  onChange,
}: {
  value: number | undefined;
  chosenName: string | null;
  onChange: (practice: number | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), PRACTICE_SEARCH_DEBOUNCE_MS);
  const pattern = `%${debounced.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const [{ data, fetching }] = useQuery({
    query: GetComparativePracticeChoicesQuery,
    variables: { search: pattern },
  });
  const choices = useMemo(() => {
    const found = (data?.practices ?? []).map((p) => ({
      value: String(p.organisation_id),
      label: p.organisation.name,
    }));
    // The chosen practice stays a choice while its name is what the box shows (not while searching).
    const showsChosen = search === '' || search === chosenName;
    if (value !== undefined && chosenName && showsChosen && !found.some((c) => c.value === String(value))) {
      found.unshift({ value: String(value), label: chosenName });
    }
    return found;
  }, [data, value, chosenName, search]);
  return (
    <Select
      label="Practice"
      placeholder="Search practices by name"
      searchable
      clearable
      w={360}
      maw="100%"
      data={choices}
      filter={({ options }) => options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === undefined ? null : String(value)}
      onChange={(next) => onChange(next ? Number(next) : undefined)}
      nothingFoundMessage={fetching ? 'Searching…' : 'No practice has that name'}
    />
  );
}

function PracticeSummary({ row }: { row: TReportTable['rows'][number] | undefined }) {
  if (!row) return null;
  const parts = [
    row.network ? `Network: ${row.network}` : 'Not in a network',
    row.state ? `State: ${row.state}` : 'No state on its address',
    row.standards ? `Standards: ${row.standards}` : null,
  ].filter(Boolean);
  return (
    <div>
      <Text fw={700} fz="lg" component="h2" m={0}>
        {row.practice}
      </Text>
      <Text c="dimmed" fz="sm">
        {parts.join(' · ')}
      </Text>
    </div>
  );
}

/** How to read the figures (the method of `peer-benchmark.ts`). */
function MethodNote() {
  return (
    <Alert color="blue" variant="light" title="How to read this report">
      <Text fz="sm">
        Each practice is compared with its peers: the other practices of its network, of its state and of the
        country whose latest survey was assessed on the same standards. Peers are never named. The 25th
        percentile, median and 75th percentile describe the peers; the percentile rank places this practice
        among them (0 lowest, 100 highest; for non-conformities and days, lower is better). A group of fewer
        than {MIN_AGGREGATE_PRACTICES} peers is not shown (“{WITHHELD_AGGREGATE_NOTE}”).
      </Text>
    </Alert>
  );
}

/** Met rate per standard: the practice and each group's median, as percentages (the table below holds the numbers). */
function StandardsChart({ table }: { table: TReportTable }) {
  const byStandard = new Map<string, Record<string, number | string | null>>();
  for (const row of table.rows) {
    const standard = String(row.standard);
    const code = standard.split(' ')[0] ?? standard;
    const entry = byStandard.get(standard) ?? { standard: code, 'This practice': pct(row.practice) };
    const group = String(row.group);
    const key = group.startsWith('Network')
      ? 'Network median'
      : group.startsWith('State')
        ? 'State median'
        : 'All practices median';
    entry[key] = pct(row.median);
    byStandard.set(standard, entry);
  }
  const data = [...byStandard.values()];
  if (data.length === 0) return null;
  return (
    <figure style={{ margin: '0 0 var(--mantine-spacing-md)' }}>
      <Text component="figcaption" fz="sm" fw={600} mb={4}>
        Met rate by standard: this practice and the peers’ medians
      </Text>
      <div aria-hidden="true">
        <BarChart
          h={220}
          data={data}
          dataKey="standard"
          unit="%"
          yAxisProps={{ domain: [0, 100] }}
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          series={[
            { name: 'This practice', color: 'teal.9' },
            { name: 'Network median', color: 'blue.4' },
            { name: 'State median', color: 'violet.4' },
            { name: 'All practices median', color: 'gray.5' },
          ]}
          barChartProps={{ accessibilityLayer: false }}
        />
      </div>
    </figure>
  );
}

/**
 * The table as the screen shows it: the standard, rating or measure written once, on the first of
 * its group rows (the export keeps it on every row, as a spreadsheet needs).
 */
function groupedRows(table: TReportTable): TReportTable {
  const first = table.columns[0]?.key;
  if (!first) return table;
  return {
    ...table,
    rows: table.rows.map((row, index) =>
      index > 0 && table.rows[index - 1]?.[first] === row[first] ? { ...row, [first]: '' } : row,
    ),
  };
}

const pct = (value: unknown) => (typeof value === 'number' ? Math.round(value * 1000) / 10 : null);
