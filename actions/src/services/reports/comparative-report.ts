import {
  canOpenReport,
  comparePeers,
  NO_NETWORK_NOTE,
  NO_STATE_NOTE,
  PEER_GROUPS,
  peerColumns,
  peerGroupLabel,
  peerRow,
  RISK_RATING_LABELS,
  RISK_RATINGS,
  type TPeerGroup,
  type TPeerGroupCounts,
  type TReport,
  type TReportFilters,
  type TReportTable,
} from '@portal/domain';
import { type SqlQuery, sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { type Caller, loadPracticeAccess } from '../practices/practice-access.ts';
import { figuresAsOf, type ReportSources } from './figures-as-of.ts';

/**
 * The comparative report (docs/decisions/reports.md, "Comparative report"): one practice against
 * its network, its state and all practices on the same standards edition, per standard (met rate),
 * per risk rating (non-conformities) and per cycle time. Peers are the OTHER practices (ACTIVE
 * ones) whose latest survey visit assessment on that edition is ACTION_REQUIRED, APPROVED or
 * CERTIFIED; the figures' method (groups without the practice, quartiles, mid-rank percentile,
 * groups under 5 withheld) is `peer-benchmark.ts` of @portal/domain. No row names or identifies a
 * peer: the statements answer only counts and quartiles per group.
 */

export const CHOOSE_A_PRACTICE = 'Choose a practice.';
const NOT_YOUR_PRACTICE = 'You can compare only the practices you manage.';
const NO_SUCH_PRACTICE = 'There is no such practice.';

/** The surveys the report reads: a survey visit's assessment decided at least to 'Action required'. */
const BENCHMARK_STATUSES = ['ACTION_REQUIRED', 'APPROVED', 'CERTIFIED'];

/** The non-conformity rows, in order: each rating of the risk matrix (worst first), then all. */
const RATINGS = RISK_RATINGS;

const CYCLE_MEASURES = [
  { key: 'application-to-certification', label: 'Application to certification' },
  { key: 'action-required-to-approval', label: "'Action required' to approval" },
  {
    key: 'action-required-to-closing',
    label: "'Action required' to closing a non-conformity (practice median)",
  },
] as const;

interface Subject {
  id: number;
  name: string;
  networkId: number | null;
  networkName: string | null;
  state: string | null;
  surveyVersionId: number | null;
  surveyVersionName: string | null;
}

interface GroupRow extends TPeerGroupCounts {
  key: string;
  grp: TPeerGroup;
}

/** Refuses unless the caller may see the practice's comparison; the same answer for a PM whether the practice exists or not. */
async function requireAccess(db: Queryable, caller: Caller, practiceId: number | undefined): Promise<number> {
  if (caller.backOfficeRole === null) {
    const pm = await db.maybeOne<{ yes: boolean }>(sql`
      select true as yes from public.practice_users pu
        join public.practices p on p.organisation_id = pu.practice_id
       where pu.user_id = ${caller.userId} and pu.active and pu.role = 'PM' and p.active_status = 'ACTIVE'
       limit 1`);
    if (!canOpenReport('comparative', { backOfficeRole: null, practiceRoles: pm ? ['PM'] : [] })) {
      throw new AppError('forbidden');
    }
  }
  if (practiceId === undefined) {
    throw new AppError('invalid_input', {
      message: CHOOSE_A_PRACTICE,
      fields: { practice: CHOOSE_A_PRACTICE },
    });
  }
  const access = await loadPracticeAccess(db, practiceId, caller.userId, caller.backOfficeRole);
  if (caller.backOfficeRole !== null) {
    if (!access) throw new AppError('not_found', { message: NO_SUCH_PRACTICE });
    return practiceId;
  }
  if (
    !access ||
    !canOpenReport('comparative', { backOfficeRole: null, practiceRoles: access.practiceRoles })
  ) {
    throw new AppError('forbidden', { message: NOT_YOUR_PRACTICE });
  }
  return practiceId;
}

/** The practice, its groups and the edition it is compared on (its latest decided survey's, else its cycle's, else the current one). */
async function loadSubject(db: Queryable, practiceId: number): Promise<Subject> {
  return db.one<Subject>(sql`
    select o.id, o.name, p.network_id as "networkId", n.name as "networkName", ad.state,
           v.id as "surveyVersionId", v.name as "surveyVersionName"
      from public.practices p
      join public.organisations o on o.id = p.organisation_id
      left join public.practice_networks n on n.id = p.network_id
      left join public.addresses ad on ad.id = o.physical_address_id
      left join public.survey_versions v on v.id = coalesce(
        (select coalesce(s.survey_version_id, acc.survey_version_id)
           from public.assessments s
           join public.accreditations acc on acc.id = s.accreditation_id
           join public.survey_visits sv on sv.id = s.survey_visit_id
          where acc.practice_id = p.organisation_id and not acc.archived and not sv.archived
            and s.type = 'SURVEY_VISIT' and s.status = any(${BENCHMARK_STATUSES})
            and coalesce(s.survey_version_id, acc.survey_version_id) is not null
          order by sv.date desc nulls last, s.id desc
          limit 1),
        (select acc.survey_version_id from public.accreditations acc where acc.id = p.current_accreditation_id),
        (select cv.id from public.survey_versions cv where cv.is_current))
     where p.organisation_id = ${practiceId}`);
}

/**
 * Group counts of one figure. `figures` is a query over `peer` (practice_id, assessment_id,
 * accreditation_id, application_date, survey_date) answering (practice_id, key, value); the
 * answer has one row per key and group with at least one peer, and the practice's own values.
 */
async function compareFigure(
  db: Queryable,
  subject: Subject,
  figures: SqlQuery,
  /** Practices that are no one's peer here: the caller's own (a PM must not count them among five). */
  notPeers: readonly number[],
): Promise<{ groups: GroupRow[]; mine: Map<string, number> }> {
  const rows = await db.many<GroupRow & { value: number | null }>(sql`
    with latest as (
      select distinct on (acc.practice_id)
             acc.practice_id, s.id as assessment_id, acc.id as accreditation_id, acc.application_date,
             sv.date as survey_date
        from public.assessments s
        join public.accreditations acc on acc.id = s.accreditation_id
        join public.survey_visits sv on sv.id = s.survey_visit_id
       where s.type = 'SURVEY_VISIT' and s.status = any(${BENCHMARK_STATUSES})
         and not acc.archived and not sv.archived
         and coalesce(s.survey_version_id, acc.survey_version_id) = ${subject.surveyVersionId}
       order by acc.practice_id, sv.date desc nulls last, s.id desc
    ),
    peer as (
      select l.*, p.network_id, ad.state
        from latest l
        join public.practices p on p.organisation_id = l.practice_id
        join public.organisations o on o.id = p.organisation_id
        left join public.addresses ad on ad.id = o.physical_address_id
       where p.active_status = 'ACTIVE' or p.organisation_id = ${subject.id}
    ),
    action_required as (
      select b.practice_id, b.assessment_id,
             (select min((c.changed_at at time zone 'Australia/Sydney')::date)
                from public.assessment_status_changes c
               where c.assessment_id = b.assessment_id and c.to_status = 'ACTION_REQUIRED') as since
        from peer b
    ),
    figures as (${figures}),
    mine as (select key, value from figures where practice_id = ${subject.id})
    select f.key::text as key, g.grp, count(*)::int as peers,
           percentile_cont(0.25) within group (order by f.value) as p25,
           percentile_cont(0.5) within group (order by f.value) as median,
           percentile_cont(0.75) within group (order by f.value) as p75,
           count(*) filter (where f.value < mine.value)::int as below,
           count(*) filter (where f.value = mine.value)::int as equal,
           null::float8 as value
      from figures f
      join peer p on p.practice_id = f.practice_id
      left join mine on mine.key = f.key
     cross join lateral (
       select 'all'::text as grp
       union all select 'network' where p.network_id = ${subject.networkId}
       union all select 'state' where p.state = ${subject.state}
     ) g
     where f.practice_id <> ${subject.id} and f.practice_id <> all(${[...notPeers]}::int[]) and f.value is not null
     group by f.key, g.grp
    union all
    select key::text, 'self', 0, null, null, null, 0, 0, value::float8 from mine`);
  const mine = new Map<string, number>();
  const groups: GroupRow[] = [];
  for (const row of rows) {
    if ((row.grp as string) === 'self') {
      if (row.value !== null) mine.set(row.key, Number(row.value));
    } else {
      groups.push({
        ...row,
        p25: row.p25 === null ? null : Number(row.p25),
        median: row.median === null ? null : Number(row.median),
        p75: row.p75 === null ? null : Number(row.p75),
      });
    }
  }
  return { groups, mine };
}

/** The practice's value against each group, as rows after `first`. */
function rowsOf(
  subject: Subject,
  first: Record<string, string>,
  key: string,
  compared: { groups: GroupRow[]; mine: Map<string, number> },
  round: (value: number) => number,
): TReportTable['rows'] {
  const value = compared.mine.get(key) ?? null;
  return PEER_GROUPS.map((group) => {
    const label = peerGroupLabel(
      group,
      group === 'network' ? subject.networkName : group === 'state' ? subject.state : null,
    );
    if (group === 'network' && subject.networkId === null) {
      return peerRow(first, label, value === null ? null : round(value), {
        shown: false,
        note: NO_NETWORK_NOTE,
      });
    }
    if (group === 'state' && subject.state === null) {
      return peerRow(first, label, value === null ? null : round(value), {
        shown: false,
        note: NO_STATE_NOTE,
      });
    }
    const counts = compared.groups.find((row) => row.key === key && row.grp === group) ?? {
      peers: 0,
      p25: null,
      median: null,
      p75: null,
      below: 0,
      equal: 0,
    };
    const comparison = comparePeers(counts, value);
    return peerRow(
      first,
      label,
      value === null ? null : round(value),
      comparison.shown
        ? {
            ...comparison,
            p25: round(comparison.p25),
            median: round(comparison.median),
            p75: round(comparison.p75),
          }
        : comparison,
    );
  });
}

const asRate = (value: number) => Math.round(value * 10000) / 10000;
const asDays = (value: number) => Math.round(value * 10) / 10;
const asCount = (value: number) => Math.round(value * 10) / 10;

/** Each practice's met rate per standard (key: the indicator set's id). */
const STANDARD_FIGURES = sql`
  select b.practice_id, 'standards:' || i.indicator_set_id as key,
         avg(case when r.compliance = 'MET' then 1.0 else 0.0 end)::float8 as value
    from peer b
    join public.indicator_responses r on r.assessment_id = b.assessment_id
    join public.indicators i on i.id = r.indicator_id
   where not r.archived and r.compliance in ('MET', 'NOT_MET')
   group by b.practice_id, i.indicator_set_id`;

/** Each practice's non-conformities per rating and in all (key: the rating, or ALL). */
const NON_CONFORMITY_FIGURES = sql`
  select b.practice_id, 'non-conformities:' || k.rating as key,
         count(r.id) filter (where r.risk_rating = k.rating or k.rating = 'ALL')::float8 as value
    from peer b
   cross join unnest(${[...RATINGS, 'ALL']}::text[]) as k(rating)
    left join public.indicator_responses r
      on r.assessment_id = b.assessment_id and not r.archived and r.compliance = 'NOT_MET'
   group by b.practice_id, k.rating`;

const sydneyDay = (column: SqlQuery) => sql`(${column} at time zone 'Australia/Sydney')::date`;

/** Each practice's cycle times in days (key: the measure). */
const CYCLE_FIGURES = sql`
  select b.practice_id, 'cycle-times:application-to-certification' as key,
         (min(c.certification_date) - b.application_date)::float8 as value
    from peer b
    join public.certificates c on c.accreditation_id = b.accreditation_id and c.type = 'ACCREDITATION'
   where b.application_date is not null
   group by b.practice_id, b.application_date
  union all
  select ar.practice_id, 'cycle-times:action-required-to-approval',
         (min(${sydneyDay(sql`c.changed_at`)}) - ar.since)::float8
    from action_required ar
    join public.assessment_status_changes c on c.assessment_id = ar.assessment_id and c.to_status = 'APPROVED'
   where ar.since is not null and ${sydneyDay(sql`c.changed_at`)} >= ar.since
   group by ar.practice_id, ar.since
  union all
  select ar.practice_id, 'cycle-times:action-required-to-closing',
         percentile_cont(0.5) within group (order by r.date_closed - ar.since)::float8
    from action_required ar
    join public.indicator_responses r on r.assessment_id = ar.assessment_id
   where ar.since is not null and not r.archived and r.compliance = 'NOT_MET'
     and r.non_conformity_status = 'CLOSED' and r.date_closed >= ar.since
   group by ar.practice_id`;

type Compared = Awaited<ReturnType<typeof compareFigure>>;

async function standardsTable(db: Queryable, subject: Subject, compared: Compared): Promise<TReportTable> {
  const standards = await db.many<{ id: number; label: string }>(sql`
    select id::text as id, full_code || ' ' || name as label from public.indicator_sets
     where survey_version_id = ${subject.surveyVersionId}
     order by sort_order, full_code`);
  return {
    key: 'standards',
    title: 'Met rate by standard',
    columns: [{ key: 'standard', label: 'Standard', kind: 'text' }, ...peerColumns('rate')],
    rows: standards.flatMap((standard) =>
      rowsOf(subject, { standard: standard.label }, `standards:${standard.id}`, compared, asRate),
    ),
  };
}

function nonConformitiesTable(subject: Subject, compared: Compared): TReportTable {
  const labels: Record<string, string> = { ...RISK_RATING_LABELS, ALL: 'All non-conformities' };
  return {
    key: 'non-conformities',
    title: 'Non-conformities by risk rating (per survey)',
    columns: [{ key: 'rating', label: 'Risk rating', kind: 'text' }, ...peerColumns('count')],
    rows: [...RATINGS, 'ALL'].flatMap((rating) =>
      rowsOf(subject, { rating: labels[rating] ?? rating }, `non-conformities:${rating}`, compared, asCount),
    ),
  };
}

function cycleTimesTable(subject: Subject, compared: Compared): TReportTable {
  return {
    key: 'cycle-times',
    title: 'Cycle times (days)',
    columns: [{ key: 'measure', label: 'Measure', kind: 'text' }, ...peerColumns('days')],
    rows: CYCLE_MEASURES.flatMap((measure) =>
      rowsOf(subject, { measure: measure.label }, `cycle-times:${measure.key}`, compared, asDays),
    ),
  };
}

/** The comparative report of `filters.practice` (the other filters do not apply to it). */
export async function loadComparativeReport(
  { primary, figures }: ReportSources,
  caller: Caller,
  filters: TReportFilters,
): Promise<TReport> {
  const practiceId = await requireAccess(primary, caller, filters.practice);
  return figures.transaction(async (tx) => {
    await tx.many(sql`set transaction read only, isolation level repeatable read`);
    const asOf = await figuresAsOf(tx);
    const subject = await loadSubject(tx, practiceId);
    const header: TReportTable = {
      key: 'practice',
      title: 'Compared practice',
      columns: [
        { key: 'practice', label: 'Practice', kind: 'text' },
        { key: 'network', label: 'Network', kind: 'text' },
        { key: 'state', label: 'State', kind: 'text' },
        { key: 'standards', label: 'Standards edition', kind: 'text' },
      ],
      rows: [
        {
          practice: subject.name,
          network: subject.networkName,
          state: subject.state,
          standards: subject.surveyVersionName,
        },
      ],
    };
    if (subject.surveyVersionId === null) {
      return { report: 'comparative', generatedAt: new Date().toISOString(), asOf, tables: [header] };
    }
    // The caller's own practices are never their peers: a manager of two practices in one network
    // would otherwise know one of the five.
    const own = await tx.many<{ id: number }>(sql`
      select pu.practice_id as id from public.practice_users pu
       where pu.user_id = ${caller.userId} and pu.active and pu.role = 'PM'`);
    // Every figure in one statement, so the peers are found once.
    const compared = await compareFigure(
      tx,
      subject,
      sql`${STANDARD_FIGURES} union all ${NON_CONFORMITY_FIGURES} union all ${CYCLE_FIGURES}`,
      own.map((row) => row.id),
    );
    const standards = await standardsTable(tx, subject, compared);
    const nonConformities = nonConformitiesTable(subject, compared);
    const cycleTimes = cycleTimesTable(subject, compared);
    return {
      report: 'comparative',
      generatedAt: new Date().toISOString(),
      asOf,
      tables: [header, standards, nonConformities, cycleTimes],
    };
  });
}
