import { addDaysToWireDate } from '@portal/domain';
import { insertRow } from '@portal/testkit/factories';
import { createStandards } from '@portal/testkit/report-factories';
import type pg from 'pg';
import { createNetwork, createPractice, createUser, type TestUser, unique } from './factories.ts';

/**
 * Data for the analytics report's journey and screenshots: a QAM, a network of its own and six
 * practices in it (NSW, VIC, QLD) surveyed against standards of their own (three standards of
 * four indicators), each survey in a status that counts, visited a few weeks apart, with Met,
 * Not met (risk rated, some closed) and Not applicable findings. The edition is published.
 */

const STATES = ['NSW', 'VIC', 'NSW', 'QLD', 'VIC', 'NSW'] as const;
const STATUSES = [
  'CERTIFIED',
  'CERTIFIED',
  'ACTION_REQUIRED',
  'APPROVED',
  'ACTION_REQUIRED',
  'UNDER_REVIEW',
] as const;
const RATINGS = ['HIGH', 'MODERATE', 'CRITICAL', 'LOW', 'HIGH', 'MODERATE'] as const;
const TOPICS = [
  'Patients receive clear information about services and costs',
  'Test results are tracked and acted on',
  'Infection prevention follows current guidelines',
  'Clinical incidents are recorded and learnt from',
];

export interface AnalyticsWorld {
  qam: TestUser;
  network: { id: number; name: string };
  /** The surveys made, and how many of them are in each state. */
  surveys: number;
  surveysIn: Record<string, number>;
  /** The surveys' edition (published, so the report's Compare on edition offers it). */
  edition: { id: number; code: string };
}

const addDays = addDaysToWireDate;

export async function createAnalyticsWorld(sql: pg.Pool): Promise<AnalyticsWorld> {
  const qam = await createUser(sql, { isQam: true, firstName: 'Ana', lastName: `Lytics ${unique()}` });
  const network = await createNetwork(sql, `Analytics Network ${unique()}`);
  const { surveyVersionId, indicators } = await createStandards(sql, {
    sets: 3,
    indicatorsPerSet: 4,
    questionsPerIndicator: 1,
    itemsPerQuestion: 1,
    indicatorName: (set, indicator) => `${TOPICS[(set + indicator) % TOPICS.length]}.`,
  });
  await sql.query(
    `update public.indicator_sets set name = case full_code when 'S1' then 'Communication and patient participation'
       when 'S2' then 'Clinical safety' else 'Quality improvement' end
      where survey_version_id = $1`,
    [surveyVersionId],
  );
  const surveysIn: Record<string, number> = {};
  for (const [k, state] of STATES.entries()) {
    const practice = await createPractice(sql, { state, networkId: network.id, status: 'ACCREDITED' });
    const cycle = await insertRow(sql, 'accreditations', {
      practice_id: practice.id,
      qam_id: qam.id,
      survey_version_id: surveyVersionId,
    });
    const visitDay = addDays('2026-01-12', k * 24);
    const visit = await insertRow(sql, 'survey_visits', {
      accreditation_id: cycle.id,
      status: 'FINAL',
      date: visitDay,
    });
    const status = STATUSES[k]!;
    const assessment = await insertRow(sql, 'assessments', {
      accreditation_id: cycle.id,
      survey_visit_id: visit.id,
      type: 'SURVEY_VISIT',
      status,
    });
    const actionRequired = status !== 'UNDER_REVIEW';
    const actionRequiredDay = addDays(visitDay, 9);
    for (const [j, indicator] of indicators.entries()) {
      const pick = (k * 5 + j * 3) % 11;
      const compliance = pick < 7 ? 'MET' : pick < 10 ? 'NOT_MET' : 'NOT_APPLICABLE';
      const closed =
        compliance === 'NOT_MET' && actionRequired && (status !== 'ACTION_REQUIRED' || j % 2 === 0);
      await insertRow(sql, 'indicator_responses', {
        assessment_id: assessment.id,
        indicator_id: indicator.id,
        compliance,
        risk_rating: compliance === 'NOT_MET' ? RATINGS[(k + j) % RATINGS.length] : null,
        non_conformity_status: closed ? 'CLOSED' : 'OPEN',
        date_closed: closed ? addDays(actionRequiredDay, 12 + ((k * 7 + j * 5) % 30)) : null,
        action_plan: compliance === 'NOT_MET' ? 'Review the procedure and train the team.' : null,
      });
    }
    if (actionRequired)
      await insertRow(sql, 'assessment_status_changes', {
        assessment_id: assessment.id,
        from_status: 'UNDER_REVIEW',
        to_status: 'ACTION_REQUIRED',
        changed_at: `${actionRequiredDay}T10:00:00+10:00`,
      });
    if (status === 'CERTIFIED')
      await insertRow(sql, 'assessment_status_changes', {
        assessment_id: assessment.id,
        from_status: 'APPROVED',
        to_status: 'CERTIFIED',
        changed_at: `${addDays(actionRequiredDay, 50 + k * 8)}T10:00:00+10:00`,
      });
    surveysIn[state] = (surveysIn[state] ?? 0) + 1;
  }
  const { rows } = await sql.query<{ code: string }>(
    `update public.survey_versions set status = 'PUBLISHED' where id = $1 returning code`,
    [surveyVersionId],
  );
  return {
    qam,
    network,
    surveys: STATES.length,
    surveysIn,
    edition: { id: surveyVersionId, code: rows[0]!.code },
  };
}
