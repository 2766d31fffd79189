import { Anchor, Button, Group, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import {
  formatReportCell,
  reportFiltersToSearch,
  type TReportCell,
  type TReportFilters,
  type TReportName,
  type TReportTable,
} from '@portal/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useApiDownload } from '../../../lib/download/use-api-download.ts';

/**
 * One report table: its title, 'Export CSV' and 'Export XLSX' (the same rows as a file, from
 * `/api/reports/:report/:table.csv|.xlsx` under the same filters), and the table itself with
 * its heading as its accessible name. `linkOf` turns a cell into a link to the list behind it.
 */
export function ReportTablePanel({
  report,
  table,
  filters,
  linkOf,
  description,
  chart,
}: {
  report: TReportName;
  table: TReportTable;
  filters: TReportFilters;
  linkOf?: (row: Record<string, TReportCell>, columnKey: string) => string | undefined;
  description?: ReactNode;
  /** A chart drawn above the table (the table stays, for screen readers and export). */
  chart?: ReactNode;
}) {
  const { download, busyId } = useApiDownload({
    failed: 'The export could not be made.',
    what: 'Report export',
  });
  const search = reportFiltersToSearch(filters).toString();
  const exportFile = (format: 'csv' | 'xlsx', id: number) =>
    download(
      id,
      `/reports/${report}/${table.key}.${format}${search ? `?${search}` : ''}`,
      `${report}-${table.key}.${format}`,
      format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
  const headingId = `report-table-${table.key}`;

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
        <div>
          <Title order={2} fz="lg" id={headingId}>
            {table.title}
          </Title>
          {description ? (
            <Text c="dimmed" fz="sm">
              {description}
            </Text>
          ) : null}
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            loading={busyId === 1}
            onClick={() => exportFile('csv', 1)}
            aria-label={`Export CSV: ${table.title}`}
          >
            Export CSV
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={busyId === 2}
            onClick={() => exportFile('xlsx', 2)}
            aria-label={`Export XLSX: ${table.title}`}
          >
            Export XLSX
          </Button>
        </Group>
      </Group>
      {chart}
      {table.rows.length === 0 ? (
        <Text c="dimmed" fz="sm" py="md">
          Nothing to show for these filters.
        </Text>
      ) : (
        // A table wider than the panel scrolls sideways: its viewport takes focus so keyboard
        // users can scroll it too (axe: scrollable-region-focusable).
        <ScrollArea type="auto" viewportProps={{ tabIndex: 0, 'aria-labelledby': headingId, role: 'region' }}>
          <Table
            striped
            highlightOnHover
            verticalSpacing="xs"
            fz="sm"
            miw={table.columns.length * 100}
            aria-labelledby={headingId}
          >
            <Table.Thead>
              <Table.Tr>
                {table.columns.map((column) => (
                  <Table.Th key={column.key} ta={column.kind === 'text' ? 'left' : 'right'} scope="col">
                    {column.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {table.rows.map((row, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows are replaced whole, never reordered or edited in place
                <Table.Tr key={`${table.key}-${index}`}>
                  {table.columns.map((column) => {
                    const text = formatReportCell(column, row[column.key]);
                    const to = row[column.key] === null ? undefined : linkOf?.(row, column.key);
                    return (
                      <Table.Td key={column.key} ta={column.kind === 'text' ? 'left' : 'right'}>
                        {to ? (
                          <Anchor component={Link} to={to} underline="always" fz="sm">
                            {text}
                          </Anchor>
                        ) : (
                          text
                        )}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}
