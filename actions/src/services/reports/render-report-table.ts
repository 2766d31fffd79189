import type { TReportCell, TReportColumn, TReportExportFormat, TReportTable } from '@portal/domain';
import writeXlsxFile, { type Cell } from 'write-excel-file/node';
import { csvLine } from '../../lib/csv.ts';

/**
 * One report table as a file (every table exportable as CSV and XLSX), cell for cell
 * what the screen shows: the column labels as the header row, counts and days as numbers,
 * rates as fractions formatted as percentages in the workbook and as percentages with one
 * decimal in the CSV (a CSV has no formats), empty cells empty.
 */
export async function renderReportTable(
  table: TReportTable,
  format: TReportExportFormat,
): Promise<{ contentType: string; body: Uint8Array }> {
  if (format === 'csv') {
    const lines = [csvLine(table.columns.map((column) => column.label))];
    for (const row of table.rows)
      lines.push(csvLine(table.columns.map((column) => csvText(column, row[column.key]))));
    // A byte-order mark so spreadsheet programs read the file as UTF-8.
    return { contentType: 'text/csv; charset=utf-8', body: Buffer.from(`\uFEFF${lines.join('')}`, 'utf8') };
  }
  const header: Cell[] = table.columns.map((column) => ({ value: column.label, fontWeight: 'bold' }));
  const rows: Cell[][] = table.rows.map((row) =>
    table.columns.map((column) => xlsxCell(column, row[column.key])),
  );
  const body = await writeXlsxFile([header, ...rows], {
    sheet: sheetName(table.title),
    stickyRowsCount: 1,
    columns: table.columns.map((column) => ({ width: column.kind === 'text' ? 32 : 14 })),
  }).toBuffer();
  return { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body };
}

function csvText(column: TReportColumn, value: TReportCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (column.kind === 'rate') return `${(value * 100).toFixed(1)}%`;
  return String(value);
}

function xlsxCell(column: TReportColumn, value: TReportCell | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return { value, type: String };
  if (column.kind === 'rate') return { value, type: Number, format: '0.0%' };
  return { value, type: Number };
}

/** A worksheet name: at most 31 characters, none of []:*?/\ (Excel's rules). */
function sheetName(title: string): string {
  return (
    title
      .replace(/[[\]:*?/\\]+/g, ' ')
      .replace(/\s+/g, ' ')
      .slice(0, 31)
      .trim() || 'Report'
  );
}
