import { describe, expect, it } from 'vitest';
import { managementReportLink, MANAGEMENT_REPORT_TABLES as T } from './management-report.ts';
import { formatReportCell } from './report-table.ts';

describe('managementReportLink', () => {
  const filters = { state: 'NSW', network: 3, qam: 7, from: '2026-01-01' };
  const context = { filters, networkName: 'Coastal Health' };

  it('sends a count of practices to the practice list under the same flag, state and network', () => {
    expect(managementReportLink(T.workDue.key, { workKey: 'selfAssessments' }, 'due', context)).toBe(
      '/Practice/List?selfAssessmentDue=true&state=NSW&network=Coastal+Health',
    );
    expect(managementReportLink(T.workDue.key, { workKey: 'renewalPayments' }, 'due', { filters: {} })).toBe(
      '/Practice/List?renewalDue=true',
    );
    expect(managementReportLink(T.workDue.key, { workKey: 'actionPlans' }, 'due', { filters: {} })).toBe(
      '/Practice/List?actionRequired=true',
    );
    expect(managementReportLink(T.workDue.key, { workKey: 'surveyVisits' }, 'due', context)).toBe(
      '/SurveyVisits/Planning',
    );
  });

  it('sends overdue action plans to their table, a row to its practice, surveyors to planning', () => {
    expect(
      managementReportLink(T.workDue.key, { workKey: 'actionPlans', overdue: 2 }, 'overdue', context),
    ).toBe('/Reports/Management?state=NSW&network=3&qam=7&from=2026-01-01#report-table-action-plans-overdue');
    expect(managementReportLink(T.actionPlansOverdue.key, { practiceId: 42 }, 'practice', context)).toBe(
      '/PracticeOverview/42/Accreditation',
    );
    expect(managementReportLink(T.surveyorWorkload.key, { visits: 3 }, 'visits', context)).toBe(
      '/SurveyVisits/Planning',
    );
  });

  it('links nothing without a list behind it, nor a zero', () => {
    expect(
      managementReportLink(T.workDue.key, { workKey: 'selfAssessments', due: 0 }, 'due', context),
    ).toBeUndefined();
    expect(managementReportLink(T.surveyorWorkload.key, { offers: 0 }, 'offers', context)).toBeUndefined();
    expect(
      managementReportLink(T.workDue.key, { workKey: 'applicationPayments' }, 'due', context),
    ).toBeUndefined();
    expect(
      managementReportLink(T.workDue.key, { workKey: 'renewals', overdue: 1 }, 'overdue', context),
    ).toBeUndefined();
    expect(managementReportLink(T.cycleStatus.key, { practices: 4 }, 'practices', context)).toBeUndefined();
    expect(managementReportLink(T.certificatesByMonth.key, { issued: 4 }, 'issued', context)).toBeUndefined();
  });

  it('shows dates as the screen does', () => {
    expect(formatReportCell({ key: 'due', label: 'Due', kind: 'date' }, '2026-03-12')).toBe('12/03/2026');
  });
});
