import { addDaysToWireDate } from '@portal/domain';
import type pg from 'pg';
import {
  addPracticeRole,
  createAddress,
  createAssessment,
  createNetwork,
  createPractice,
  createUser,
  insertRow,
} from './factories.ts';
import { createResponse, createStandards, createSurveyVisit } from './report-factories.ts';

/**
 * The data of the comparative report's tests (docs/decisions/reports.md): practices surveyed on a
 * standards edition of their own, each with figures a test can count by hand. Used by the report's
 * route test and its browser journey and screenshots.
 */

/** An indicator's mark: M met, N not met, X not applicable. */
export type Mark = 'M' | 'N' | 'X';

export type Edition = Awaited<ReturnType<typeof createStandards>>;

/** `day` plus `days`, as YYYY-MM-DD. */
export const addDays = addDaysToWireDate;

export interface BenchmarkedPractice {
  name: string;
  state: string;
  networkId?: number;
  active?: boolean;
  /** Marks of the indicators of S1, then S2, in order. */
  marks: Mark[];
  /** The first `critical` not met indicators are Critical, the next `major` Major, the rest Minor. */
  critical?: number;
  major?: number;
  /** The latest survey's assessment status (default CERTIFIED). */
  status?: string;
  /** Application date of the cycle. */
  applied?: string;
  /** Certification date of its certificate (none without). */
  certified?: string;
  /** Days of the status changes to ACTION_REQUIRED and APPROVED (10:00 in Sydney). */
  actionRequired?: string;
  approved?: string;
  /** Its non-conformities closed this many days after 'Action required'. */
  closedAfter?: number;
}

/** A practice with its cycle on `edition`, a survey visit assessed as `spec` says, its certificate and status changes. */
export async function createBenchmarkedPractice(sql: pg.Pool, edition: Edition, spec: BenchmarkedPractice) {
  const address = await createAddress(sql, { state: spec.state });
  const { id } = await createPractice(sql, {
    name: spec.name,
    activeStatus: spec.active === false ? 'INACTIVE' : 'ACTIVE',
    organisation: { physical_address_id: address.id },
    practice: { network_id: spec.networkId ?? null, is_in_practice_network: spec.networkId !== undefined },
  });
  const accreditation = await insertRow(sql, 'accreditations', {
    practice_id: id,
    survey_version_id: edition.surveyVersionId,
    application_date: spec.applied ?? null,
    status: 'CLOSED',
  });
  const visit = await createSurveyVisit(sql, accreditation.id);
  const { id: assessment } = await createAssessment(sql, accreditation.id, {
    survey_visit_id: visit,
    status: spec.status ?? 'CERTIFIED',
    due_date: '2026-04-30',
  });
  const indicators = [
    ...edition.indicators.filter((i) => i.setCode === 'S1'),
    ...edition.indicators.filter((i) => i.setCode === 'S2'),
  ];
  let notMet = 0;
  for (const [index, mark] of spec.marks.entries()) {
    const compliance = mark === 'M' ? 'MET' : mark === 'N' ? 'NOT_MET' : 'NOT_APPLICABLE';
    let risk: { riskLikelihood?: 'LOW' | 'MODERATE' | 'HIGH'; riskImpact?: 'LOW' | 'MODERATE' | 'HIGH' } = {};
    if (mark === 'N') {
      notMet++;
      risk =
        notMet <= (spec.critical ?? 0)
          ? { riskLikelihood: 'HIGH', riskImpact: 'HIGH' }
          : notMet <= (spec.critical ?? 0) + (spec.major ?? 0)
            ? { riskLikelihood: 'MODERATE', riskImpact: 'HIGH' }
            : { riskLikelihood: 'LOW', riskImpact: 'LOW' };
    }
    const closed = mark === 'N' && spec.closedAfter !== undefined && spec.actionRequired !== undefined;
    await createResponse(sql, assessment, indicators[index]!.id, {
      compliance,
      ...risk,
      ...(closed
        ? { nonConformityStatus: 'CLOSED', dateClosed: addDays(spec.actionRequired!, spec.closedAfter!) }
        : {}),
    });
  }
  if (spec.certified) {
    await insertRow(sql, 'certificates', {
      practice_id: id,
      accreditation_id: accreditation.id,
      assessment_id: assessment,
      name: spec.name,
      issuing_provider: 'Test Provider',
      certification_date: spec.certified,
      issue_date: spec.certified,
      expiry_date: addDays(spec.certified, 3 * 365),
    });
  }
  const change = (to: string, day: string) =>
    insertRow(sql, 'assessment_status_changes', {
      assessment_id: assessment,
      from_status: 'UNDER_REVIEW',
      to_status: to,
      changed_at: `${day} 10:00+11`,
    });
  if (spec.actionRequired) await change('ACTION_REQUIRED', spec.actionRequired);
  if (spec.approved) await change('APPROVED', spec.approved);
  return id;
}

/**
 * The comparative world: 'Harbour Medical' (network 'Coastal Health Partners', NSW), 4 network
 * peers in VIC, 5 peers in NSW without a network, and three practices that are no peers (a survey
 * under review, an inactive practice, another edition). `suffix` makes the names unique when a
 * database holds several worlds. The figures are counted by hand in `comparative.test.ts`.
 */
export async function createComparativeWorld(sql: pg.Pool, suffix = '') {
  const names: string[] = [];
  const make = async (edition: Edition, spec: BenchmarkedPractice) => {
    names.push(spec.name);
    return createBenchmarkedPractice(sql, edition, spec);
  };
  const shape = { sets: 2, indicatorsPerSet: 4, questionsPerIndicator: 1 };
  const edition = await createStandards(sql, shape);
  const networkName = `Coastal Health Partners${suffix}`;
  const coastal = (await createNetwork(sql, { name: networkName })).id;
  const na: Mark[] = ['X', 'X'];

  // S1 3/4 met (its not met Major), S2 not applicable; 1 non-conformity. Applied 2026-01-01,
  // certified 2026-03-02 (60 days); action required 2026-03-10, approved 2026-04-09 (30 days), its
  // non-conformity closed 14 days after action required.
  const harbour = await make(edition, {
    name: `Harbour Medical${suffix}`,
    state: 'NSW',
    networkId: coastal,
    marks: ['M', 'M', 'M', 'N', 'X', 'X', ...na],
    major: 1,
    applied: '2026-01-01',
    certified: '2026-03-02',
    actionRequired: '2026-03-10',
    approved: '2026-04-09',
    closedAfter: 14,
  });
  // Network peers in VIC: S1 1.0, 0.5, 0.75, 0.25; S2 1.0 each; non-conformities 0, 2, 1, 3;
  // application to certification 80, 90, 100, 110 days.
  const network: Array<{ s1: Mark[]; days: number }> = [
    { s1: ['M', 'M', 'M', 'M'], days: 80 },
    { s1: ['M', 'M', 'N', 'N'], days: 90 },
    { s1: ['M', 'M', 'M', 'N'], days: 100 },
    { s1: ['M', 'N', 'N', 'N'], days: 110 },
  ];
  const networkPeers: number[] = [];
  for (const [index, peer] of network.entries()) {
    networkPeers.push(
      await make(edition, {
        name: `Coastal Peer ${index + 1}${suffix}`,
        state: 'VIC',
        networkId: coastal,
        marks: [...peer.s1, 'M', 'M', ...na],
        applied: '2026-01-01',
        certified: addDays('2026-01-01', peer.days),
      }),
    );
  }
  // NSW peers, no network: S1 0.25, 0.5, 0.75, 1.0, 1.0; S2 0.5, 0.5, 0.5, 0.5 and not applicable;
  // non-conformities 3+1, 2+1, 1+1, 0+1, 0 (the first peer's first one Critical); application to
  // certification 30, 40, 50, 60, 70 days; action required to approval 10, 20, 30, 40, 50 days.
  const state: Array<{ s1: Mark[]; s2: Mark[]; days: number; critical?: number }> = [
    { s1: ['M', 'N', 'N', 'N'], s2: ['M', 'N'], days: 30, critical: 1 },
    { s1: ['M', 'M', 'N', 'N'], s2: ['M', 'N'], days: 40 },
    { s1: ['M', 'M', 'M', 'N'], s2: ['M', 'N'], days: 50 },
    { s1: ['M', 'M', 'M', 'M'], s2: ['N', 'M'], days: 60 },
    { s1: ['M', 'M', 'M', 'M'], s2: ['X', 'X'], days: 70 },
  ];
  const statePeers: number[] = [];
  for (const [index, peer] of state.entries()) {
    const id = await make(edition, {
      name: `Sydney Peer ${index + 1}${suffix}`,
      state: 'NSW',
      marks: [...peer.s1, ...peer.s2, ...na],
      critical: peer.critical ?? 0,
      applied: '2026-01-01',
      certified: addDays('2026-01-01', peer.days),
      actionRequired: '2026-02-01',
      approved: addDays('2026-02-01', (index + 1) * 10),
    });
    statePeers.push(id);
  }
  // No peers: an NSW survey still under review, an inactive NSW practice, an NSW practice on
  // another edition.
  const allNotMet: Mark[] = Array(8).fill('N');
  await make(edition, {
    name: `Under Review Clinic${suffix}`,
    state: 'NSW',
    marks: allNotMet,
    status: 'UNDER_REVIEW',
  });
  await make(edition, { name: `Closed Clinic${suffix}`, state: 'NSW', marks: allNotMet, active: false });
  const other = await createStandards(sql, shape);
  await make(other, { name: `Other Edition Clinic${suffix}`, state: 'NSW', marks: allNotMet });

  return { edition, harbour, networkName, networkPeers, statePeers, names };
}

/** A practice manager of `practiceId` (a user of the factories, with their password). */
export async function createManagerOf(
  sql: pg.Pool,
  practiceId: number,
  overrides: { firstName?: string; lastName?: string } = {},
) {
  const user = await createUser(sql, overrides);
  await addPracticeRole(sql, practiceId, user.id, 'PM');
  return user;
}
