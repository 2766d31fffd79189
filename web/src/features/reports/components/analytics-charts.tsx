import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Text } from '@mantine/core';
import { formatReportCell, type TReportCell, type TReportTable } from '@portal/domain';
import type { ReactNode } from 'react';
import { riskReportColour } from '../../../config/colours.ts';

/**
 * The charts of the analytics report (@mantine/charts over recharts). Each is a picture with an
 * accessible name that sums it up (role="img"); its figures are the panel's table beside it, so
 * nothing inside the chart takes focus (`accessibilityLayer: false`) and tooltips stay a
 * pointer-only extra.
 */

const percent = (value: number) => `${value.toFixed(1)}%`;
const num = (row: Record<string, TReportCell>, key: string) => {
  const value = row[key];
  return typeof value === 'number' ? value : 0;
};
const str = (row: Record<string, TReportCell>, key: string) => String(row[key] ?? '');
const cell = (table: TReportTable, row: Record<string, TReportCell>, key: string) => {
  const column = table.columns.find((candidate) => candidate.key === key);
  return column ? formatReportCell(column, row[key]) : '';
};

/** A chart as one image with a summary for screen readers; the caption is visible too. */
function ChartFigure({ summary, children }: { summary: string; children: ReactNode }) {
  return (
    <Box role="img" aria-label={summary} mb="md">
      {children}
    </Box>
  );
}

/** Shortens a long axis label to `max` characters. */
const shorten = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Bars of the met rate per standard, lowest and highest named in the summary. */
export function MetRateByStandardChart({ table }: { table: TReportTable }) {
  const rows = table.rows.filter((row) => typeof row.metRate === 'number');
  if (rows.length === 0) return null;
  const data = rows.map((row) => ({
    standard: shorten(str(row, 'standard'), 28),
    metRate: Math.round(num(row, 'metRate') * 1000) / 10,
  }));
  const sorted = [...rows].sort((a, b) => num(a, 'metRate') - num(b, 'metRate'));
  const lowest = sorted[0]!;
  const highest = sorted.at(-1)!;
  const summary =
    rows.length === 1
      ? `Bar chart of the met rate by standard: ${str(lowest, 'standard')} ${cell(table, lowest, 'metRate')}.`
      : `Bar chart of the met rate by standard: lowest ${str(lowest, 'standard')} ${cell(table, lowest, 'metRate')}, highest ${str(highest, 'standard')} ${cell(table, highest, 'metRate')}.`;
  return (
    <ChartFigure summary={summary}>
      <BarChart
        h={Math.max(140, data.length * 34 + 40)}
        data={data}
        dataKey="standard"
        orientation="vertical"
        series={[{ name: 'metRate', label: 'Met rate', color: 'teal.7' }]}
        valueFormatter={percent}
        yAxisProps={{ width: 250 }}
        xAxisProps={{ domain: [0, 100] }}
        gridAxis="x"
        maxBarWidth={22}
        barChartProps={{ accessibilityLayer: false }}
      />
    </ChartFigure>
  );
}

/** Bars of the Not met findings of the indicators most often Not met. */
export function MostNotMetChart({ table }: { table: TReportTable }) {
  if (table.rows.length === 0) return null;
  const data = table.rows.map((row) => ({ indicator: str(row, 'code'), notMet: num(row, 'notMet') }));
  const first = table.rows[0]!;
  const summary = `Bar chart of the ${table.rows.length} indicators most often Not met; most often ${str(first, 'code')} with ${num(first, 'notMet')} Not met findings.`;
  return (
    <ChartFigure summary={summary}>
      <BarChart
        h={Math.max(140, data.length * 24 + 40)}
        data={data}
        dataKey="indicator"
        orientation="vertical"
        series={[{ name: 'notMet', label: 'Not met findings', color: 'red.7' }]}
        yAxisProps={{ width: 80 }}
        xAxisProps={{ allowDecimals: false }}
        maxBarWidth={16}
        gridAxis="x"
        barChartProps={{ accessibilityLayer: false }}
      />
    </ChartFigure>
  );
}

/** A donut of the Not met findings by risk rating, with a legend of names and counts. */
export function RiskRatingsChart({ table }: { table: TReportTable }) {
  const slices = table.rows
    .map((row) => ({
      name: str(row, 'rating'),
      value: num(row, 'findings'),
      color: riskReportColour(str(row, 'rating')),
    }))
    .filter((slice) => slice.value > 0);
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  if (total === 0) return null;
  const summary = `Donut chart of ${total} Not met findings by risk rating: ${slices
    .map((slice) => `${slice.name} ${slice.value}`)
    .join(', ')}.`;
  return (
    <ChartFigure summary={summary}>
      <Group justify="center" gap="xl" wrap="wrap">
        <DonutChart
          size={170}
          thickness={26}
          data={slices}
          chartLabel={total}
          withTooltip
          pieChartProps={{ accessibilityLayer: false }}
          pieProps={{ rootTabIndex: -1 }}
        />
        <Box>
          {slices.map((slice) => (
            <Group key={slice.name} gap={8} wrap="nowrap" mb={4}>
              <ColorSwatch
                color={`var(--mantine-color-${slice.color.replace('.', '-')})`}
                size={12}
                withShadow={false}
              />
              <Text fz="sm">
                {slice.name}: {slice.value}
              </Text>
            </Group>
          ))}
        </Box>
      </Group>
    </ChartFigure>
  );
}

/** A line of the met rate per month, and the surveys of each month on the right axis. */
export function TrendChart({ table }: { table: TReportTable }) {
  if (table.rows.length === 0) return null;
  const data = table.rows.map((row) => ({
    month: str(row, 'month'),
    metRate: typeof row.metRate === 'number' ? Math.round(row.metRate * 1000) / 10 : null,
    surveys: num(row, 'surveys'),
  }));
  const first = table.rows[0]!;
  const last = table.rows.at(-1)!;
  const summary =
    table.rows.length === 1
      ? `Line chart of surveys per month: ${str(first, 'month')}, ${num(first, 'surveys')} surveys, met rate ${cell(table, first, 'metRate')}.`
      : `Line chart of surveys per month from ${str(first, 'month')} to ${str(last, 'month')}: met rate ${cell(table, first, 'metRate')} then ${cell(table, last, 'metRate')}; ${num(last, 'surveys')} surveys in ${str(last, 'month')}.`;
  return (
    <ChartFigure summary={summary}>
      <LineChart
        h={240}
        data={data}
        dataKey="month"
        series={[
          { name: 'metRate', label: 'Met rate (%)', color: 'teal.7' },
          { name: 'surveys', label: 'Surveys', color: 'indigo.6', yAxisId: 'right' },
        ]}
        withRightYAxis
        yAxisProps={{ domain: [0, 100], unit: '%' }}
        rightYAxisProps={{ allowDecimals: false }}
        withLegend
        connectNulls
        curveType="linear"
        lineChartProps={{ accessibilityLayer: false }}
      />
    </ChartFigure>
  );
}
