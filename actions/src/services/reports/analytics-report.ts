import {
  ANALYTICS_INDICATOR_ROWS,
  ANALYTICS_MAPPED_COLUMN,
  ANALYTICS_MOST_NOT_MET,
  ANALYTICS_SURVEY_STATUSES,
  ANALYTICS_TABLES,
  comparedOnEditionTitle,
  formatMonthShort,
  metRate,
  riskRatingRows,
  shareOf,
  type TReport,
  type TReportCell,
  type TReportFilters,
  type TReportTable,
  type TRiskRating,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import type { Caller } from '../practices/practice-access.ts';
import { comparedFindings, editionNames, SURVEY_EDITION } from './analytics-editions.ts';
import { figuresAsOf, type ReportSources } from './figures-as-of.ts';
import { readablePractice, requireReport } from './report-viewer.ts';

/**
 * The analytics report (docs/decisions/reports.md, "Analytics report"): compliance by standard,
 * criterion and indicator, the indicators most often Not met, the risk ratings found, days from
 * 'Action required' to each non-conformity closed and to certification, and surveys per month.
 *
 * It counts the findings (`indicator_responses` rated MET, NOT_MET or NOT_APPLICABLE, not
 * archived) of survey visit assessments in `ANALYTICS_SURVEY_STATUSES`, of cycles and visits not
 * archived. A survey's date is its visit's date, or the day its last surveyor submitted when the
 * visit has none; `from`/`to` and the months of the trend apply to it. State is the practice's
 * physical address, network the practice's network, QAM the cycle's QAM. Days are counted in
 * the provider's time zone (Australia/Sydney).
 *
 * One statement: the findings are gathered once (a CTE used by every table), folded to one row per
 * practice and indicator, and each table is aggregated from those into JSON, so all tables read
 * one snapshot; it runs in a read-only transaction with a larger `work_mem` for its hash tables.
 */

const ZONE = 'Australia/Sydney';

/** The filters and who asks. */
type Scoped = TReportFilters & { caller: Caller };

interface CountsRow {
  edition: string;
  standard: string;
  practices: number;
  met: number;
  not_met: number;
  not_applicable: number;
  mapped: number;
}

interface Figures {
  standards: CountsRow[] | null;
  criteria: (CountsRow & { criterion: string })[] | null;
  indicators: (CountsRow & { code: string; indicator: string })[] | null;
  most_not_met:
    | { code: string; indicator: string; not_met: number; practices_not_met: number; practices: number }[]
    | null;
  risks: { rating: TRiskRating | null; findings: number; open: number; closed: number }[] | null;
  times: {
    measure: 'closed' | 'certified';
    done: number;
    waiting: number;
    median: number | null;
    p75: number | null;
    p90: number | null;
  }[];
  trend: { month: string; surveys: number; met: number; not_met: number }[] | null;
  /** Compared on one edition: its code, and the older editions counted through a mapping. */
  edition_code: string | null;
  older_editions: string[] | null;
}

/**
 * The survey assessments that count under the filters, with their practice and date. A practice
 * manager or surveyor counts only the surveys of their practices whose findings they may read
 * (the `can_read_responses` predicate of GraphQL, asked with their session).
 */
function surveysUnder(filters: Scoped) {
  const where = [
    sql`a.type = 'SURVEY_VISIT'`,
    sql`a.status = any(${[...ANALYTICS_SURVEY_STATUSES]}::text[])`,
    readablePractice(filters.caller, sql`p.organisation_id`),
  ];
  if (filters.caller.backOfficeRole === null) {
    const session = { 'x-hasura-role': 'user', 'x-hasura-user-id': String(filters.caller.userId) };
    where.push(sql`public.assessment_can_read_responses(a, ${JSON.stringify(session)}::json)`);
  }
  if (filters.state !== undefined) where.push(sql`ad.state = ${filters.state}`);
  if (filters.network !== undefined) where.push(sql`p.network_id = ${filters.network}`);
  if (filters.qam !== undefined) where.push(sql`acc.qam_id = ${filters.qam}`);
  if (filters.practice !== undefined) where.push(sql`p.organisation_id = ${filters.practice}`);
  if (filters.edition !== undefined)
    where.push(sql`(${SURVEY_EDITION} = ${filters.edition}
      or exists (select 1 from public.edition_mappings em
                  where em.from_version_id = ${SURVEY_EDITION} and em.to_version_id = ${filters.edition}))`);
  const dated = [sql`true`];
  if (filters.from !== undefined) dated.push(sql`survey_date >= ${filters.from}::date`);
  if (filters.to !== undefined) dated.push(sql`survey_date <= ${filters.to}::date`);
  return sql`
    candidates as (
      select a.id as assessment_id, acc.practice_id,
             coalesce(v.date, (select max(s.submitted_at at time zone ${ZONE})::date
                                 from public.assessment_submissions s where s.assessment_id = a.id)) as survey_date
        from public.assessments a
        join public.survey_visits v on v.id = a.survey_visit_id and not v.archived
        join public.accreditations acc on acc.id = a.accreditation_id and not acc.archived
        join public.practices p on p.organisation_id = acc.practice_id
        join public.organisations o on o.id = p.organisation_id
        left join public.addresses ad on ad.id = o.physical_address_id
       where ${sql.join(where, sql` and `)}
    ),
    surveys as materialized (select * from candidates where ${sql.join(dated, sql` and `)}),
    findings as materialized (
      select s.assessment_id, s.practice_id, r.indicator_id, r.compliance, r.risk_rating,
             r.non_conformity_status, r.date_closed
        from surveys s
        join public.indicator_responses r on r.assessment_id = s.assessment_id and not r.archived
       where r.compliance is not null
    ),
    ${comparedFindings(filters.edition)},
    -- One row per practice and indicator (narrow integer keys, hash-aggregated), so each table's
    -- "practices" is a count of rows rather than a count(distinct) that sorts every finding.
    -- Each indicator's standard and criterion, the criterion numbered so the aggregates below
    -- group by integers rather than by text.
    indicator_map as materialized (
      select i.id as indicator_id, i.indicator_set_id as set_id, i.sort_order,
             coalesce(nullif(i.criterion_code, ''), i.code) as criterion,
             dense_rank() over (order by i.indicator_set_id, coalesce(nullif(i.criterion_code, ''), i.code))::int
               as criterion_id
        from public.indicators i
    ),
    by_practice as materialized (
      select f.practice_id, f.indicator_id, m.set_id, m.criterion_id,
             count(*) filter (where f.compliance = 'MET') as met,
             count(*) filter (where f.compliance = 'NOT_MET') as not_met,
             count(*) filter (where f.compliance = 'NOT_APPLICABLE') as not_applicable,
             count(*) filter (where f.mapped) as mapped
        from compared f join indicator_map m on m.indicator_id = f.indicator_id
       group by f.practice_id, f.indicator_id, m.set_id, m.criterion_id
    ),
    sets as (
      select st.id as set_id, st.full_code || ' ' || st.name as standard, st.sort_order as set_order, sv.code as edition
        from public.indicator_sets st join public.survey_versions sv on sv.id = st.survey_version_id
    )`;
}

const SUMS = sql`
  sum(met)::int as met, sum(not_met)::int as not_met, sum(not_applicable)::int as not_applicable,
  sum(mapped)::int as mapped`;

export function analyticsFiguresQuery(filters: Scoped) {
  return sql`
    with ${surveysUnder(filters)},
    action_required as (
      select c.assessment_id, (min(c.changed_at) at time zone ${ZONE})::date as day
        from public.assessment_status_changes c
        join surveys s on s.assessment_id = c.assessment_id
       where c.to_status = 'ACTION_REQUIRED'
       group by c.assessment_id
    ),
    certified as (
      select s.assessment_id, coalesce(c.day, ce.day) as day
        from surveys s
        left join (select c.assessment_id, (min(c.changed_at) at time zone ${ZONE})::date as day
                     from public.assessment_status_changes c
                     join surveys s on s.assessment_id = c.assessment_id
                    where c.to_status = 'CERTIFIED'
                    group by c.assessment_id) c on c.assessment_id = s.assessment_id
        left join (select ce.assessment_id, min(ce.certification_date) as day
                     from public.certificates ce
                     join surveys s on s.assessment_id = ce.assessment_id
                    group by ce.assessment_id) ce on ce.assessment_id = s.assessment_id
    ),
    per_survey as (
      select assessment_id,
             count(*) filter (where compliance = 'MET') as met,
             count(*) filter (where compliance = 'NOT_MET') as not_met
        from findings group by assessment_id
    ),
    close_days as (
      select case when f.date_closed is not null then greatest(0, f.date_closed - ar.day) end as days, f.date_closed is null as waiting
        from findings f join action_required ar on ar.assessment_id = f.assessment_id
       where f.compliance = 'NOT_MET'
    ),
    certify_days as (
      select case when ce.day is not null then greatest(0, ce.day - ar.day) end as days, ce.day is null as waiting
        from action_required ar join certified ce on ce.assessment_id = ar.assessment_id
    ),
    -- Per indicator, aggregated once for both indicator tables.
    per_indicator as materialized (
      select indicator_id, count(*)::int as practices, count(*) filter (where not_met > 0)::int as practices_not_met,
             ${SUMS}
        from by_practice group by indicator_id
    ),
    times as (
      select 'closed' as measure, * from close_days
      union all
      select 'certified', * from certify_days
    )
    select
      (select json_agg(t order by t.edition, t.set_order) from (
         select sets.edition, sets.standard, sets.set_order, y.*
           from (select set_id, count(*)::int as practices, ${SUMS}
                   from (select set_id, practice_id, sum(met) as met, sum(not_met) as not_met,
                                sum(not_applicable) as not_applicable, sum(mapped) as mapped
                           from by_practice group by set_id, practice_id) per_practice
                  group by set_id) y
           join sets on sets.set_id = y.set_id) t) as standards,
      (select json_agg(t order by t.edition, t.set_order, t.criterion_order, t.criterion) from (
         select sets.edition, sets.standard, sets.set_order, c.criterion_order, c.criterion, y.*
           from (select set_id, criterion_id, count(*)::int as practices, ${SUMS}
                   from (select set_id, criterion_id, practice_id, sum(met) as met, sum(not_met) as not_met,
                                sum(not_applicable) as not_applicable, sum(mapped) as mapped
                           from by_practice group by set_id, criterion_id, practice_id) per_practice
                  group by set_id, criterion_id) y
           join sets on sets.set_id = y.set_id
           join (select criterion_id, min(criterion) as criterion, min(sort_order) as criterion_order
                   from indicator_map group by criterion_id) c on c.criterion_id = y.criterion_id) t) as criteria,
      (select json_agg(t order by t.edition, t.set_order, t.indicator_order, t.code) from (
         select sets.edition, sets.set_order, i.sort_order as indicator_order, i.code, i.name as indicator, y.*
           from (select indicator_id, practices, met, not_met, not_applicable, mapped from per_indicator) y
           join public.indicators i on i.id = y.indicator_id
           join sets on sets.set_id = i.indicator_set_id
          order by sets.edition, sets.set_order, i.sort_order, i.code
          limit ${ANALYTICS_INDICATOR_ROWS}) t) as indicators,
      (select json_agg(t order by t.not_met desc, t.practices_not_met desc, t.code) from (
         select i.code, i.name as indicator, y.not_met, y.practices_not_met, y.practices
           from (select indicator_id, not_met, practices_not_met, practices from per_indicator where not_met > 0) y
           join public.indicators i on i.id = y.indicator_id
          order by y.not_met desc, y.practices_not_met desc, i.code
          limit ${ANALYTICS_MOST_NOT_MET}) t) as most_not_met,
      (select json_agg(t) from (
         select risk_rating as rating, count(*)::int as findings,
                count(*) filter (where non_conformity_status = 'OPEN')::int as open,
                count(*) filter (where non_conformity_status = 'CLOSED')::int as closed
           from findings where compliance = 'NOT_MET' group by risk_rating) t) as risks,
      (select json_agg(t order by t.measure desc) from (
         select m.measure,
                count(x.days)::int as done,
                count(*) filter (where x.waiting)::int as waiting,
                percentile_cont(0.5) within group (order by x.days) as median,
                percentile_cont(0.75) within group (order by x.days) as p75,
                percentile_cont(0.9) within group (order by x.days) as p90
           from (values ('closed'), ('certified')) as m (measure)
           left join times x on x.measure = m.measure
          group by m.measure) t) as times,
      (select json_agg(t order by t.month) from (
         select to_char(m.month, 'YYYY-MM-DD') as month,
                count(s.assessment_id)::int as surveys,
                coalesce(sum(f.met), 0)::int as met, coalesce(sum(f.not_met), 0)::int as not_met
           -- Every month from the first survey's to the last's, those without a survey too.
           from generate_series((select date_trunc('month', min(survey_date)) from surveys),
                                (select date_trunc('month', max(survey_date)) from surveys),
                                interval '1 month') as m (month)
           left join surveys s on date_trunc('month', s.survey_date) = m.month
           left join per_survey f on f.assessment_id = s.assessment_id
          group by m.month) t) as trend,
      ${editionNames(filters.edition)}`;
}

const compliance = (row: CountsRow) => ({
  practices: row.practices,
  rated: row.met + row.not_met,
  met: row.met,
  notMet: row.not_met,
  notApplicable: row.not_applicable,
  metRate: metRate(row.met, row.not_met),
  mapped: row.mapped,
});

/** Days as the table shows them: one decimal at most (a median of an even count may be x.5). */
const roundDays = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

function table(
  shape: Omit<TReportTable, 'rows'>,
  rows: Record<string, TReportCell>[],
  title: string = shape.title,
): TReportTable {
  return { key: shape.key, title, columns: [...shape.columns], rows };
}

export async function loadAnalyticsReport(
  sources: ReportSources,
  caller: Caller,
  filters: TReportFilters,
): Promise<TReport> {
  await requireReport(sources.primary, caller, 'analytics', 'You do not have permission to see this report.');
  const { asOf, figures } = await sources.figures.transaction(async (tx) => {
    await tx.many(sql`set transaction read only, isolation level repeatable read`);
    // The aggregates hash a row per practice and indicator; with the default 4 MB they spill to
    // disk from a few thousand surveys on (docs/decisions/reports.md, "Analytics report").
    await tx.many(sql`set local work_mem = '64MB'`);
    return {
      asOf: await figuresAsOf(tx),
      figures: await tx.one<Figures>(analyticsFiguresQuery({ ...filters, caller })),
    };
  });
  const T = ANALYTICS_TABLES;
  const indicators = figures.indicators ?? [];
  // Compared on one edition, the compliance tables say so and where their figures mix editions.
  const compliant = (
    shape: Omit<TReportTable, 'rows'>,
    rows: Record<string, TReportCell>[],
    title: string = shape.title,
  ): TReportTable => {
    if (figures.edition_code === null) {
      const own = table(
        { ...shape, columns: shape.columns.filter((c) => c.key !== ANALYTICS_MAPPED_COLUMN) },
        rows,
        title,
      );
      return { ...own, rows: rows.map(({ [ANALYTICS_MAPPED_COLUMN]: _mapped, ...row }) => row) };
    }
    return table(
      shape,
      rows,
      comparedOnEditionTitle(title, figures.edition_code, figures.older_editions ?? []),
    );
  };
  return {
    report: 'analytics',
    generatedAt: new Date().toISOString(),
    asOf,
    tables: [
      compliant(
        T.standards,
        (figures.standards ?? []).map((row) => ({
          edition: row.edition,
          standard: row.standard,
          ...compliance(row),
        })),
      ),
      compliant(
        T.criteria,
        (figures.criteria ?? []).map((row) => ({
          edition: row.edition,
          standard: row.standard,
          criterion: row.criterion,
          ...compliance(row),
        })),
      ),
      compliant(
        T.indicators,
        indicators.map((row) => ({
          edition: row.edition,
          code: row.code,
          indicator: row.indicator,
          ...compliance(row),
        })),
        indicators.length >= ANALYTICS_INDICATOR_ROWS
          ? `${T.indicators.title} (first ${ANALYTICS_INDICATOR_ROWS})`
          : T.indicators.title,
      ),
      table(
        T.mostNotMet,
        (figures.most_not_met ?? []).map((row) => ({
          code: row.code,
          indicator: row.indicator,
          notMet: row.not_met,
          practicesNotMet: row.practices_not_met,
          practices: row.practices,
          shareOfPractices: shareOf(row.practices_not_met, row.practices),
        })),
      ),
      table(T.riskRatings, riskRatingRows(figures.risks ?? [])),
      table(
        T.timeToClose,
        figures.times.map((row) => ({
          measure: row.measure === 'closed' ? 'Non-conformity closed' : 'Certification',
          done: row.done,
          waiting: row.waiting,
          median: roundDays(row.median),
          p75: roundDays(row.p75),
          p90: roundDays(row.p90),
        })),
      ),
      table(
        T.trend,
        (figures.trend ?? []).map((row) => ({
          month: formatMonthShort(row.month),
          surveys: row.surveys,
          rated: row.met + row.not_met,
          metRate: metRate(row.met, row.not_met),
          nonConformities: row.not_met,
        })),
      ),
    ],
  };
}
