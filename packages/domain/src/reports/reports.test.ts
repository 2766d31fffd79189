import { describe, expect, it } from 'vitest';
import { canOpenReport, reportViewer } from './report-access.ts';
import { parseReportFilters, reportFiltersToSearch } from './report-filters.ts';
import { figuresAsAtText } from './report-table.ts';

describe('report filters', () => {
  it('reads the URL query and writes it back in a fixed order', () => {
    const filters = parseReportFilters(
      new URLSearchParams('to=2026-06-30&state=NSW&qam=12&from=2026-01-01&network='),
    );
    expect(filters).toEqual({ state: 'NSW', qam: 12, from: '2026-01-01', to: '2026-06-30' });
    expect(reportFiltersToSearch(filters).toString()).toBe('state=NSW&qam=12&from=2026-01-01&to=2026-06-30');
  });

  it('refuses bad values with a message for each', () => {
    expect(() => parseReportFilters({ state: 'N\u0000W' })).toThrow('Choose a state from the list.');
    expect(() => parseReportFilters({ network: '-1' })).toThrow('Choose one from the list.');
    expect(() => parseReportFilters({ qam: '99999999999' })).toThrow('Choose one from the list.');
    expect(() => parseReportFilters({ from: '2026-13-01' })).toThrow('Enter a date as YYYY-MM-DD.');
    expect(() => parseReportFilters({ from: '2026-07-01', to: '2026-06-30' })).toThrow(
      "'From' must be on or before 'To'.",
    );
  });
});

describe('canOpenReport', () => {
  it('opens every report to the back office and the comparative one to a practice manager', () => {
    for (const report of ['management', 'analytics', 'comparative'] as const) {
      expect(canOpenReport(report, { backOfficeRole: 'qam' })).toBe(true);
      expect(canOpenReport(report, { backOfficeRole: 'provider_admin' })).toBe(true);
    }
    expect(canOpenReport('comparative', { backOfficeRole: null, practiceRoles: ['PM'] })).toBe(true);
    expect(canOpenReport('comparative', { backOfficeRole: null, practiceRoles: ['SU'] })).toBe(false);
  });

  it('spec 000 §2: the management and analytics reports are hidden only from new users', () => {
    for (const report of ['management', 'analytics'] as const) {
      expect(canOpenReport(report, { backOfficeRole: null, practiceRoles: ['PM'] })).toBe(true);
      expect(canOpenReport(report, { backOfficeRole: null, practiceRoles: ['SU'] })).toBe(true);
      expect(canOpenReport(report, { backOfficeRole: null, practiceRoles: [] })).toBe(false);
    }
    const flags = { admin: false, qam: false, surveyor: false, isPracticeManager: false, newUser: false };
    expect(reportViewer({ ...flags, isPracticeManager: true })).toEqual({
      backOfficeRole: null,
      practiceRoles: ['PM'],
    });
    expect(reportViewer({ ...flags, surveyor: true }).practiceRoles).toEqual(['SU']);
    expect(reportViewer({ ...flags, surveyor: true, newUser: true }).practiceRoles).toEqual([]);
    expect(reportViewer({ ...flags, qam: true }).backOfficeRole).toBe('qam');
  });
});

describe('figuresAsAtText', () => {
  const at = (asOf: string, generatedAt = asOf) => figuresAsAtText({ asOf, generatedAt });
  it("gives the figures' moment in Sydney's day and time", () => {
    expect(at('2026-11-30T04:05:00.000Z')).toBe('Figures as at 30/11/2026 15:05.');
  });
  it('says nothing of a lag under a minute, and how far behind a lagging replica is', () => {
    expect(at('2026-11-30T04:05:00.000Z', '2026-11-30T04:05:59.000Z')).toBe(
      'Figures as at 30/11/2026 15:05.',
    );
    expect(at('2026-11-30T04:05:00.000Z', '2026-11-30T04:06:00.000Z')).toBe(
      'Figures as at 30/11/2026 15:05: the reporting copy of the data is 1 minute behind, so the latest changes are not counted yet.',
    );
    expect(at('2026-11-30T04:05:00.000Z', '2026-11-30T07:10:00.000Z')).toContain('is 3 hours behind');
  });
});
