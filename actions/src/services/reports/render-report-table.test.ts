import type { TReportTable } from '@portal/domain';
import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { renderReportTable } from './render-report-table.ts';

const TABLE: TReportTable = {
  key: 'by-status',
  title: 'Practices by cycle status: all states',
  columns: [
    { key: 'status', label: 'Cycle status', kind: 'text' },
    { key: 'practices', label: 'Practices', kind: 'count' },
    { key: 'rate', label: 'Met rate', kind: 'rate' },
  ],
  rows: [
    { status: 'Open, "renewal"', practices: 12, rate: 0.875 },
    { status: '=HYPERLINK("x")', practices: 0, rate: null },
  ],
};

describe('renderReportTable', () => {
  it('writes a CSV with the labels, formula-guarded text and rates as percentages', async () => {
    const { contentType, body } = await renderReportTable(TABLE, 'csv');
    expect(contentType).toBe('text/csv; charset=utf-8');
    expect(Buffer.from(body).toString('utf8')).toBe(
      '\uFEFFCycle status,Practices,Met rate\r\n"Open, ""renewal""",12,87.5%\r\n"\'=HYPERLINK(""x"")",0,\r\n',
    );
  });

  it('writes a workbook whose cells read back as the table, numbers as numbers', async () => {
    const { contentType, body } = await renderReportTable(TABLE, 'xlsx');
    expect(contentType).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const [sheet] = await readXlsxFile(Buffer.from(body));
    expect(sheet?.sheet).toBe('Practices by cycle status all s');
    expect(sheet?.data).toEqual([
      ['Cycle status', 'Practices', 'Met rate'],
      ['Open, "renewal"', 12, 0.875],
      ['=HYPERLINK("x")', 0, null],
    ]);
  });
});
