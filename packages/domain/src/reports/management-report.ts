import {
  type PracticeListQuery,
  practiceListSearchParams,
  type TPracticeListFilter,
} from '../practices/practice-list-query.ts';
import {
  accreditationPath,
  MANAGEMENT_REPORT_PATH,
  PRACTICE_LIST_PATH,
  SURVEY_PLANNING_PATH,
} from '../routes/app-routes.ts';
import { reportFiltersToSearch, type TReportFilters } from './report-filters.ts';
import type { TReportCell, TReportTable } from './report-table.ts';

/**
 * The management report (docs/decisions/reports.md, "Management report"): its tables, the
 * kinds of work it counts and where each figure leads. The actions service fills the rows
 * (services/reports/management-report.ts); the screen asks `managementReportLink` for the list
 * behind a figure.
 */

export type TManagementTableShape = Omit<TReportTable, 'rows'> & {
  /** What the date range applies to, under the table's title. */
  description: string;
};

export const MANAGEMENT_REPORT_TABLES: Record<
  'cycleStatus' | 'workDue' | 'actionPlansOverdue' | 'surveyorWorkload' | 'certificatesByMonth',
  TManagementTableShape
> = {
  cycleStatus: {
    key: 'cycle-status',
    title: 'Practices by cycle status',
    description:
      'Active practices today, by the status the practice list shows in its Cycle column. The date range does not apply.',
    columns: [
      { key: 'status', label: 'Cycle status', kind: 'text' },
      { key: 'practices', label: 'Practices', kind: 'count' },
      { key: 'share', label: 'Share', kind: 'rate' },
    ],
  },
  workDue: {
    key: 'work-due',
    title: 'Work due and overdue',
    description:
      'Outstanding work of the active practices; overdue once its due date has passed. The date range applies to the date named in each row.',
    columns: [
      { key: 'work', label: 'Work', kind: 'text' },
      { key: 'due', label: 'Outstanding', kind: 'count' },
      { key: 'overdue', label: 'Overdue', kind: 'count' },
      { key: 'dateRange', label: 'Date range applies to', kind: 'text' },
    ],
  },
  actionPlansOverdue: {
    key: 'action-plans-overdue',
    title: 'Action plans overdue',
    description:
      'Survey assessments in action required whose action plan due date has passed, most days over first. The date range applies to the due date.',
    columns: [
      { key: 'practice', label: 'Practice', kind: 'text' },
      { key: 'qam', label: 'QAM', kind: 'text' },
      { key: 'due', label: 'Action plan due', kind: 'date' },
      { key: 'daysOver', label: 'Days over', kind: 'days' },
    ],
  },
  surveyorWorkload: {
    key: 'surveyor-workload',
    title: 'Surveyor workload',
    description:
      'Visits accepted, hours recorded (before, on site and after) and offers not yet answered. The date range applies to the visit date (the due date while a visit has none).',
    columns: [
      { key: 'surveyor', label: 'Surveyor', kind: 'text' },
      { key: 'visits', label: 'Visits', kind: 'count' },
      { key: 'hours', label: 'Hours recorded', kind: 'count' },
      { key: 'offers', label: 'Offers pending', kind: 'count' },
    ],
  },
  certificatesByMonth: {
    key: 'certificates-by-month',
    title: 'Certificates issued per month',
    description:
      'Certificates by issue date, every month of the date range (the last twelve months without one).',
    columns: [
      { key: 'month', label: 'Month', kind: 'text' },
      { key: 'issued', label: 'Certificates issued', kind: 'count' },
    ],
  },
};

/** A table of the report: its shape (without the description) and its rows. */
export function managementTable(shape: TManagementTableShape, rows: TReportTable['rows']): TReportTable {
  return { key: shape.key, title: shape.title, columns: shape.columns, rows };
}

/**
 * The kinds of work the 'Work due and overdue' table counts, in its order. Each counts what the
 * practice list's flag of the same name counts (self assessment due, renewal due, action
 * required), narrowed by the date range on the date named here.
 */
export const MANAGEMENT_WORK = [
  { key: 'selfAssessments', label: 'Self assessments', dateRange: 'Self assessment due date' },
  { key: 'surveyVisits', label: 'Survey visits to plan', dateRange: 'Visit due date' },
  { key: 'renewals', label: 'Renewals', dateRange: 'Renewal due date' },
  { key: 'renewalPayments', label: 'Renewal payments pending', dateRange: 'Renewal due date' },
  {
    key: 'applicationPayments',
    label: 'Application payments pending',
    dateRange: 'Date the practice was added',
  },
  { key: 'actionPlans', label: 'Action plans', dateRange: 'Action plan due date' },
] as const;
export type TManagementWork = (typeof MANAGEMENT_WORK)[number]['key'];

/** The order of the cycle statuses (`practiceCycleStatus`), from the start of a cycle to its end. */
export const MANAGEMENT_CYCLE_STATUS_ORDER = [
  'APPLICATION',
  'PAYMENT_PENDING',
  'IN_PROGRESS',
  'PARTIALLY_SUBMITTED',
  'UNDER_REVIEW',
  'ACTION_REQUIRED',
  'APPROVED',
  'CERTIFIED',
  'ACCREDITED',
  'CLOSED',
  'EXPIRED',
  'WITHDRAWN',
] as const;

/** The practice list flag each kind of work's count is (the list behind the figure). */
const WORK_LIST_FLAG: Partial<Record<TManagementWork, TPracticeListFilter>> = {
  selfAssessments: 'selfAssessmentDue',
  renewals: 'renewalDue',
  renewalPayments: 'renewalDue',
  actionPlans: 'actionRequired',
};

/**
 * Where a figure of the management report leads: counts of practices to the practice list under
 * the matching flag (and the report's state and network: the list takes the network's name),
 * survey visits and surveyors to the survey planning list, an overdue action plan to its
 * practice's accreditation tab, the overdue action plans count to that table below. Zeros and
 * figures with no list behind them (cycle statuses, application payments, certificates) are not
 * links.
 */
export function managementReportLink(
  tableKey: string,
  row: Record<string, TReportCell>,
  columnKey: string,
  context: { filters: TReportFilters; networkName?: string | null },
): string | undefined {
  const list = (flag: TPracticeListFilter) => {
    const query: Partial<PracticeListQuery> = {
      filters: [flag],
      state: context.filters.state ?? null,
      network: context.filters.network === undefined ? null : (context.networkName ?? null),
    };
    return `${PRACTICE_LIST_PATH}?${practiceListSearchParams(query).toString()}`;
  };
  const T = MANAGEMENT_REPORT_TABLES;
  // A zero leads to an empty list: not a link.
  if (row[columnKey] === 0) return undefined;
  if (tableKey === T.workDue.key) {
    const work = row.workKey as TManagementWork;
    if (columnKey === 'due') {
      if (work === 'surveyVisits') return SURVEY_PLANNING_PATH;
      const flag = WORK_LIST_FLAG[work];
      return flag ? list(flag) : undefined;
    }
    if (columnKey === 'overdue' && work === 'actionPlans' && Number(row.overdue) > 0) {
      const search = reportFiltersToSearch(context.filters).toString();
      return `${MANAGEMENT_REPORT_PATH}${search ? `?${search}` : ''}#report-table-${T.actionPlansOverdue.key}`;
    }
    return undefined;
  }
  if (tableKey === T.actionPlansOverdue.key && columnKey === 'practice' && typeof row.practiceId === 'number')
    return accreditationPath(row.practiceId);
  if (tableKey === T.surveyorWorkload.key && (columnKey === 'visits' || columnKey === 'offers'))
    return SURVEY_PLANNING_PATH;
  return undefined;
}
