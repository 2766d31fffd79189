import { describe, expect, it } from 'vitest';
import { ANALYTICS_TABLES, metRate, NOT_RATED_LABEL, riskRatingRows, shareOf } from './analytics-report.ts';
import { REPORT_TABLE_KEY } from './report-table.ts';

describe('analytics report rules', () => {
  it('rates Met against Met and Not met only, and nothing when nothing was rated', () => {
    expect(metRate(3, 1)).toBe(0.75);
    expect(metRate(0, 0)).toBeNull();
    expect(shareOf(1, 4)).toBe(0.25);
    expect(shareOf(0, 0)).toBeNull();
  });

  it('lists every rating worst first with its label, and Not rated only when there is one', () => {
    const rows = riskRatingRows([
      { rating: 'LOW', findings: 1, open: 1, closed: 0 },
      { rating: 'HIGH', findings: 3, open: 1, closed: 2 },
    ]);
    expect(rows.map((row) => [row.rating, row.findings, row.share])).toEqual([
      ['Critical', 0, 0],
      ['Major', 3, 0.75],
      ['Moderate', 0, 0],
      ['Minor', 1, 0.25],
    ]);
    const withUnrated = riskRatingRows([{ rating: null, findings: 2, open: 2, closed: 0 }]);
    expect(withUnrated.at(-1)).toEqual({
      rating: NOT_RATED_LABEL,
      findings: 2,
      open: 2,
      closed: 0,
      share: 1,
    });
    expect(riskRatingRows([]).every((row) => row.share === null)).toBe(true);
  });

  it('gives every table an export-safe key and unique column keys', () => {
    for (const table of Object.values(ANALYTICS_TABLES)) {
      expect(table.key).toMatch(REPORT_TABLE_KEY);
      const keys = table.columns.map((column) => column.key);
      expect(new Set(keys).size).toBe(keys.length);
    }
  });
});
