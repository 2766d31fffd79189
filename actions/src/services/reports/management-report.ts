import {
  MANAGEMENT_CYCLE_STATUS_ORDER,
  MANAGEMENT_REPORT_TABLES,
  MANAGEMENT_WORK,
  managementTable,
  portalToday,
  practiceCycleStatus,
  statusBadge,
  type TManagementWork,
  type TReport,
  type TReportFilters,
  type TReportTable,
} from '@portal/domain';
import { type SqlQuery, sql } from '../../db/sql.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import type { Caller } from '../practices/practice-access.ts';
import { figuresAsOf, type ReportSources } from './figures-as-of.ts';
import { readablePractice, requireReport } from './report-viewer.ts';

/** The most rows the 'Action plans overdue' table lists (most days over first). */
export const ACTION_PLANS_OVERDUE_LIMIT = 2000;

/**
 * The management report (docs/decisions/reports.md, "Management report"): where every active
 * practice stands, the work due and overdue, the surveyors' workload and the certificates issued,
 * for the back office, and for a practice manager or surveyor over their own practices. State, network and QAM narrow the practices (the physical address's state,
 * the practice's network, the QAM of its current cycle); the date range narrows each table by the
 * date its rows are about (due dates, visit dates, issue dates), as each table's description says.
 * All five statements read one snapshot.
 */
export async function loadManagementReport(
  { primary, figures }: ReportSources,
  caller: Caller,
  filters: TReportFilters,
  today: string = portalToday(),
): Promise<TReport> {
  await requireReport(primary, caller, 'management', 'You do not have permission to see this report.');
  const scoped = { ...filters, caller };
  const { asOf, tables } = await figures.transaction(async (tx) => {
    await tx.many(sql`set transaction read only, isolation level repeatable read`);
    return {
      asOf: await figuresAsOf(tx),
      tables: [
        await cycleStatusTable(tx, scoped),
        await workDueTable(tx, scoped, today),
        await actionPlansOverdueTable(tx, scoped, today),
        await surveyorWorkloadTable(tx, scoped),
        await certificatesByMonthTable(tx, scoped, today),
      ],
    };
  });
  return { report: 'management', generatedAt: new Date().toISOString(), asOf, tables };
}

/** The filters and who asks: a practice manager's or surveyor's report counts their own practices. */
type Scoped = TReportFilters & { caller: Caller };

/**
 * The active practices the filters keep and the caller may read, with their current cycle
 * (`s.*`). The organisation and address are joined only for a state filter (the tables that
 * show a name join it themselves): at 20,000 practices each join is a hash of the whole table.
 */
function scope(filters: Scoped): SqlQuery {
  const where: SqlQuery[] = [
    sql`p.active_status = 'ACTIVE'`,
    readablePractice(filters.caller, sql`p.organisation_id`),
  ];
  if (filters.network !== undefined) where.push(sql`p.network_id = ${filters.network}`);
  if (filters.qam !== undefined) where.push(sql`a.qam_id = ${filters.qam}`);
  if (filters.state)
    where.push(sql`exists (select 1 from public.organisations o
                            join public.addresses ad on ad.id = o.physical_address_id
                           where o.id = p.organisation_id and ad.state = ${filters.state})`);
  return sql`scope as (
    select p.organisation_id as practice_id, p.status as practice_status, p.created_at as practice_created_at,
           a.id as cycle_id, a.status as cycle_status, a.qam_id, a.self_assessment_due
      from public.practices p
      left join public.accreditations a on a.id = p.current_accreditation_id
     where ${sql.join(where, sql` and `)}
  )`;
}

/** `column` within the date range (always true without one). */
function inRange(column: SqlQuery, filters: TReportFilters): SqlQuery {
  const parts: SqlQuery[] = [sql`true`];
  if (filters.from) parts.push(sql`${column} >= ${filters.from}::date`);
  if (filters.to) parts.push(sql`${column} <= ${filters.to}::date`);
  return sql.join(parts, sql` and `);
}

const T = MANAGEMENT_REPORT_TABLES;

async function cycleStatusTable(tx: Queryable, filters: Scoped): Promise<TReportTable> {
  // Grouped by what `practiceCycleStatus` reads, so the statuses are the practice list's own.
  const groups = await tx.many<{
    practice_status: string;
    cycle_status: string | null;
    latest_survey: string | null;
    practices: number;
  }>(sql`with ${scope(filters)},
    latest as (
      select distinct on (x.accreditation_id) x.accreditation_id, x.status
        from public.assessments x
        join scope s on s.cycle_id = x.accreditation_id and s.cycle_status = 'OPEN'
       where x.type = 'SURVEY_VISIT'
       order by x.accreditation_id, x.created_at desc, x.id desc
    )
    select s.practice_status, s.cycle_status, l.status as latest_survey, count(*)::int as practices
      from scope s
      left join latest l on l.accreditation_id = s.cycle_id
     group by 1, 2, 3`);
  const byStatus = new Map<string, number>();
  for (const group of groups) {
    const status = practiceCycleStatus({
      status: group.practice_status,
      current_accreditation: group.cycle_status
        ? {
            status: group.cycle_status,
            assessments: group.latest_survey ? [{ type: 'SURVEY_VISIT', status: group.latest_survey }] : [],
          }
        : null,
    });
    byStatus.set(status, (byStatus.get(status) ?? 0) + group.practices);
  }
  const total = [...byStatus.values()].reduce((sum, n) => sum + n, 0);
  const order = (status: string) => {
    const index = (MANAGEMENT_CYCLE_STATUS_ORDER as readonly string[]).indexOf(status);
    return index === -1 ? MANAGEMENT_CYCLE_STATUS_ORDER.length : index;
  };
  const statuses = [...byStatus.keys()].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
  return managementTable(
    T.cycleStatus,
    statuses.map((status) => ({
      status: statusBadge(status).label,
      statusValue: status,
      practices: byStatus.get(status) ?? 0,
      share: total ? (byStatus.get(status) ?? 0) / total : null,
    })),
  );
}

async function workDueTable(tx: Queryable, filters: Scoped, today: string): Promise<TReportTable> {
  const counts = await tx.many<{
    work: TManagementWork;
    due: number;
    overdue: number | null;
  }>(sql`with ${scope(filters)}
    select 'selfAssessments' as work, count(*)::int as due,
           count(*) filter (where s.self_assessment_due < ${today}::date)::int as overdue
      from scope s
     where s.cycle_status = 'OPEN' and s.self_assessment_due is not null
       and not exists (select 1 from public.assessments x
                        where x.accreditation_id = s.cycle_id and x.type = 'PRESURVEY'
                          and x.status in ('UNDER_REVIEW', 'COMPLETED'))
       and ${inRange(sql`s.self_assessment_due`, filters)}
    union all
    select 'surveyVisits', count(*)::int, count(*) filter (where v.due < ${today}::date)::int
      from scope s join public.survey_visits v on v.accreditation_id = s.cycle_id
     where s.cycle_status = 'OPEN' and not v.archived and v.status <> 'FINAL'
       and ${inRange(sql`v.due`, filters)}
    union all
    select case r.status when 'DUE' then 'renewals' else 'renewalPayments' end,
           count(*)::int, count(*) filter (where r.due_date < ${today}::date)::int
      from scope s join public.reapplications r on r.practice_id = s.practice_id
     where r.status in ('DUE', 'PAYMENT_PENDING') and ${inRange(sql`r.due_date`, filters)}
     group by r.status
    union all
    select 'applicationPayments', count(*)::int, null
      from scope s
     where s.practice_status = 'PAYMENT_PENDING' and ${inRange(sql`(s.practice_created_at at time zone 'Australia/Sydney')::date`, filters)}
    union all
    select 'actionPlans', count(*)::int, count(*) filter (where x.action_plan_due < ${today}::date)::int
      from scope s join public.assessments x on x.accreditation_id = s.cycle_id
     where x.status = 'ACTION_REQUIRED' and ${inRange(sql`x.action_plan_due`, filters)}`);
  const byWork = new Map(counts.map((row) => [row.work, row]));
  return managementTable(
    T.workDue,
    MANAGEMENT_WORK.map((work) => ({
      work: work.label,
      workKey: work.key,
      dateRange: work.dateRange,
      due: byWork.get(work.key)?.due ?? 0,
      overdue: work.key === 'applicationPayments' ? null : (byWork.get(work.key)?.overdue ?? 0),
    })),
  );
}

async function actionPlansOverdueTable(tx: Queryable, filters: Scoped, today: string): Promise<TReportTable> {
  const rows = await tx.many<{
    practiceId: number;
    practice: string;
    qam: string | null;
    due: string;
    daysOver: number;
  }>(
    sql`with ${scope(filters)}
      select s.practice_id as "practiceId", o.name as practice,
             nullif(trim(coalesce(q.first_name, '') || ' ' || coalesce(q.last_name, '')), '') as qam,
             to_char(x.action_plan_due, 'YYYY-MM-DD') as due,
             (${today}::date - x.action_plan_due)::int as "daysOver"
        from scope s
        join public.organisations o on o.id = s.practice_id
        join public.assessments x on x.accreditation_id = s.cycle_id
        left join public.users q on q.id = s.qam_id
       where x.status = 'ACTION_REQUIRED' and x.action_plan_due < ${today}::date
         and ${inRange(sql`x.action_plan_due`, filters)}
       order by "daysOver" desc, o.name, s.practice_id
       limit ${ACTION_PLANS_OVERDUE_LIMIT}`,
  );
  return managementTable(T.actionPlansOverdue, rows);
}

async function surveyorWorkloadTable(tx: Queryable, filters: Scoped): Promise<TReportTable> {
  const rows = await tx.many<{
    surveyorId: number;
    surveyor: string;
    visits: number;
    hours: number;
    offers: number;
  }>(
    sql`with ${scope(filters)}
      select u.id as "surveyorId",
             trim(u.first_name || ' ' || u.last_name) as surveyor,
             count(*) filter (where sv.status = 'ACCEPTED')::int as visits,
             round(coalesce(sum(
               coalesce(sv.hours_worked_before_visit, 0) + coalesce(sv.hours_worked_after_visit, 0)
               + coalesce(extract(epoch from (sv.actual_end_time - sv.actual_start_time)) / 3600, 0)
             ) filter (where sv.status = 'ACCEPTED'), 0), 2)::float8 as hours,
             count(*) filter (where sv.status = 'OFFERED')::int as offers
        from scope s
        join public.accreditations a on a.practice_id = s.practice_id and not a.archived
        join public.survey_visits v on v.accreditation_id = a.id and not v.archived
        join public.survey_visitors sv on sv.survey_visit_id = v.id and sv.status in ('ACCEPTED', 'OFFERED')
        join public.users u on u.id = sv.user_id
       where ${inRange(sql`coalesce(v.date, v.due)`, filters)}
       group by u.id
       order by visits desc, offers desc, surveyor, u.id`,
  );
  return managementTable(T.surveyorWorkload, rows);
}

async function certificatesByMonthTable(
  tx: Queryable,
  filters: Scoped,
  today: string,
): Promise<TReportTable> {
  // Every month of the range (the last twelve months without one), months without a certificate
  // as 0, so a gap shows.
  const lastDay = filters.to ?? (filters.from && filters.from > today ? filters.from : today);
  const first = filters.from
    ? sql`date_trunc('month', ${filters.from}::date::timestamp)`
    : sql`date_trunc('month', ${lastDay}::date::timestamp) - interval '11 months'`;
  const last = sql`date_trunc('month', ${lastDay}::date::timestamp)`;
  const rows = await tx.many<{
    month: string;
    monthStart: string;
    issued: number;
  }>(sql`with ${scope(filters)},
    issued as (
      select date_trunc('month', c.issue_date::timestamp) as month, count(*)::int as issued
        from scope s join public.certificates c on c.practice_id = s.practice_id
       where ${inRange(sql`c.issue_date`, filters)}
         and c.issue_date >= ${first} and c.issue_date < ${last} + interval '1 month'
       group by 1
    )
    select to_char(m, 'Mon YYYY') as month, to_char(m, 'YYYY-MM-DD') as "monthStart",
           coalesce(i.issued, 0) as issued
      from generate_series(${first}, ${last}, interval '1 month') as m
      left join issued i on i.month = m
     order by m`);
  return managementTable(T.certificatesByMonth, rows);
}
