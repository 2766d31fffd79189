import type { TReport, TReportTable } from '@portal/domain';
import { createComparativeWorld } from '@portal/testkit/comparative-factories';
import { addPracticeRole, createPractice, createUser, type TestUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The comparative report (GET /api/reports/comparative?practice=…), on data this file makes
 * (`createComparativeWorld`): one practice ('Harbour') of network 'Coastal' in NSW, 4 peers in its
 * network (VIC) and 5 other peers in NSW, all on a standards edition of their own (so the
 * database's other rows are no peers). Every figure below is counted by hand in the comments.
 */

describe('GET /api/reports/comparative', () => {
  let stack: TestStack;
  let harbour: number;
  /** A practice of Harbour's network (a peer). */
  let networkPeer: number;
  let statePeer: number;
  let pm: TestUser;
  let otherPm: TestUser;
  let qam: TestUser;
  let admin: TestUser;
  let surveyor: TestUser;
  const names: string[] = [];

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    const world = await createComparativeWorld(stack.sql);
    harbour = world.harbour;
    networkPeer = world.networkPeers[0]!;
    statePeer = world.statePeers[0]!;
    names.push(...world.names);
    pm = await createUser(stack.sql);
    await addPracticeRole(stack.sql, harbour, pm.id, 'PM');
    otherPm = await createUser(stack.sql);
    await addPracticeRole(stack.sql, networkPeer, otherPm.id, 'PM');
    qam = await createUser(stack.sql, { isQam: true });
    admin = await createUser(stack.sql, { isAdmin: true });
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    await addPracticeRole(stack.sql, harbour, surveyor.id, 'SU');
  }, 120_000);

  afterAll(async () => {
    await stack?.close();
  });

  async function get(user: TestUser | null, url: string) {
    const headers: Record<string, string> = user
      ? { authorization: `Bearer ${await stack.tokenFor(user.email, user.password)}` }
      : {};
    return stack.app.inject({ method: 'GET', url, headers });
  }

  const tableOf = (report: TReport, key: string) => report.tables.find((t) => t.key === key) as TReportTable;
  const rowOf = (table: TReportTable, first: string, group: string) =>
    table.rows.find((row) => Object.values(row)[0] === first && String(row.group).startsWith(group));

  it('compares the met rate per standard with the network (withheld: 4 peers), the state and all practices', async () => {
    const response = await get(pm, `/api/reports/comparative?practice=${harbour}`);
    expect(response.statusCode).toBe(200);
    const report = response.json() as TReport;
    expect(tableOf(report, 'practice').rows).toEqual([
      {
        practice: 'Harbour Medical',
        network: 'Coastal Health Partners',
        state: 'NSW',
        standards: 'Test Standards, 1st edition',
      },
    ]);
    const standards = tableOf(report, 'standards');
    const s1 = 'S1 Standard 1: safe and effective care';
    const s2 = 'S2 Standard 2: safe and effective care';
    expect(standards.rows.map((row) => [row.standard, row.group])).toEqual([
      [s1, 'Network: Coastal Health Partners'],
      [s1, 'State: NSW'],
      [s1, 'All practices'],
      [s2, 'Network: Coastal Health Partners'],
      [s2, 'State: NSW'],
      [s2, 'All practices'],
    ]);
    // Network: 4 peers -> withheld whole, only the practice's own 3/4 shows.
    expect(rowOf(standards, s1, 'Network')).toEqual({
      standard: s1,
      group: 'Network: Coastal Health Partners',
      peers: null,
      practice: 0.75,
      p25: null,
      median: null,
      p75: null,
      percentile: null,
      note: 'Not shown: fewer than 5 practices',
    });
    // State: 0.25, 0.5, 0.75, 1, 1 -> p25 0.5, median 0.75, p75 1; 2 below and 1 equal -> 50.
    expect(rowOf(standards, s1, 'State')).toMatchObject({
      peers: 5,
      practice: 0.75,
      p25: 0.5,
      median: 0.75,
      p75: 1,
      percentile: 50,
      note: null,
    });
    // All: 0.25, 0.25, 0.5, 0.5, 0.75, 0.75, 1, 1, 1 -> p25 0.5, median 0.75, p75 1; (4 + 1) / 9 -> 56.
    expect(rowOf(standards, s1, 'All')).toMatchObject({
      peers: 9,
      practice: 0.75,
      p25: 0.5,
      median: 0.75,
      p75: 1,
      percentile: 56,
    });
    // S2: Harbour has no figure; in NSW only 4 peers have one (withheld); all: 1,1,1,1,.5,.5,.5,.5.
    expect(rowOf(standards, s2, 'State')).toMatchObject({
      peers: null,
      practice: null,
      note: 'Not shown: fewer than 5 practices',
    });
    expect(rowOf(standards, s2, 'All')).toMatchObject({
      peers: 8,
      practice: null,
      p25: 0.5,
      median: 0.75,
      p75: 1,
      percentile: null,
      note: 'No figure for this practice',
    });
    // No peer's name anywhere in the answer.
    for (const name of names.filter((n) => n !== 'Harbour Medical'))
      expect(response.body).not.toContain(name);
  });

  it('never counts the caller’s own practices among the peers: 5 NSW peers, one of them also theirs, is withheld', async () => {
    const twoPractices = await createUser(stack.sql);
    await addPracticeRole(stack.sql, harbour, twoPractices.id, 'PM');
    await addPracticeRole(stack.sql, statePeer, twoPractices.id, 'PM');
    const s1 = 'S1 Standard 1: safe and effective care';
    const asOwner = (
      await get(twoPractices, `/api/reports/comparative?practice=${harbour}`)
    ).json() as TReport;
    expect(rowOf(tableOf(asOwner, 'standards'), s1, 'State')).toMatchObject({
      peers: null,
      median: null,
      note: 'Not shown: fewer than 5 practices',
    });
    expect(rowOf(tableOf(asOwner, 'standards'), s1, 'All')).toMatchObject({ peers: 8 });
    // The practice's other manager, who runs no NSW peer, still sees the five.
    const asPm = (await get(pm, `/api/reports/comparative?practice=${harbour}`)).json() as TReport;
    expect(rowOf(tableOf(asPm, 'standards'), s1, 'State')).toMatchObject({ peers: 5 });
  });

  it('compares non-conformities by risk rating and the cycle times', async () => {
    const report = (await get(pm, `/api/reports/comparative?practice=${harbour}`)).json() as TReport;
    const ncs = tableOf(report, 'non-conformities');
    expect(ncs.rows.map((row) => row.rating)).toEqual([
      ...Array(3).fill('Critical'),
      ...Array(3).fill('Major'),
      ...Array(3).fill('Moderate'),
      ...Array(3).fill('Minor'),
      ...Array(3).fill('All non-conformities'),
    ]);
    // Totals: peers 0, 2, 1, 3 (network) and 4, 3, 2, 1, 0 (NSW); Harbour 1.
    // All: 0,0,1,1,2,2,3,3,4 -> 1, 2, 3; (2 below + 2 equal / 2) / 9 -> 33. NSW: 0..4 -> 1, 2, 3; 1.5 / 5 -> 30.
    expect(rowOf(ncs, 'All non-conformities', 'All')).toMatchObject({
      peers: 9,
      practice: 1,
      p25: 1,
      median: 2,
      p75: 3,
      percentile: 33,
    });
    expect(rowOf(ncs, 'All non-conformities', 'State')).toMatchObject({
      peers: 5,
      practice: 1,
      p25: 1,
      median: 2,
      p75: 3,
      percentile: 30,
    });
    // Critical: one peer has 1, eight have 0; Harbour 0 -> 8 equal / 2 / 9 -> 44.
    expect(rowOf(ncs, 'Critical', 'All')).toMatchObject({
      peers: 9,
      practice: 0,
      p25: 0,
      median: 0,
      p75: 0,
      percentile: 44,
    });
    // Major: no peer has one; Harbour 1 -> above all 9.
    expect(rowOf(ncs, 'Major', 'All')).toMatchObject({ practice: 1, median: 0, percentile: 100 });
    // Minor: peers 0,2,1,3 and 3,3,2,1,0 -> 0,0,1,1,2,2,3,3,3; Harbour 0 -> 2 equal / 2 / 9 -> 11.
    expect(rowOf(ncs, 'Minor', 'All')).toMatchObject({
      practice: 0,
      p25: 1,
      median: 2,
      p75: 3,
      percentile: 11,
    });

    const cycle = tableOf(report, 'cycle-times');
    // Application to certification: 30..110 by 10 (all) -> 50, 70, 90; Harbour 60: 3 below + 1 equal -> 39.
    expect(rowOf(cycle, 'Application to certification', 'All')).toMatchObject({
      peers: 9,
      practice: 60,
      p25: 50,
      median: 70,
      p75: 90,
      percentile: 39,
    });
    // NSW: 30..70 -> 40, 50, 60; Harbour 60: (3 + 0.5) / 5 -> 70.
    expect(rowOf(cycle, 'Application to certification', 'State')).toMatchObject({
      peers: 5,
      p25: 40,
      median: 50,
      p75: 60,
      percentile: 70,
    });
    // Action required to approval: NSW peers 10..50 (the network peers have none) -> 20, 30, 40; Harbour 30 -> 50.
    expect(rowOf(cycle, "'Action required' to approval", 'All')).toMatchObject({
      peers: 5,
      practice: 30,
      p25: 20,
      median: 30,
      p75: 40,
      percentile: 50,
    });
    // Closing a non-conformity: only Harbour has one (14 days) -> withheld in every group.
    const closing = cycle.rows.filter((row) => String(row.measure).includes('closing'));
    expect(closing.map((row) => [row.practice, row.peers, row.note])).toEqual([
      [14, null, 'Not shown: fewer than 5 practices'],
      [14, null, 'Not shown: fewer than 5 practices'],
      [14, null, 'Not shown: fewer than 5 practices'],
    ]);
  });

  it('gives the back office any practice, and the same figures', async () => {
    for (const user of [qam, admin]) {
      const response = await get(user, `/api/reports/comparative?practice=${networkPeer}`);
      expect(response.statusCode).toBe(200);
      const report = response.json() as TReport;
      expect(tableOf(report, 'practice').rows[0]?.practice).toBe('Coastal Peer 1');
      // Coastal Peer 1 (S1 1.0) against NSW? it is in VIC: its state has no other peer -> withheld.
      expect(
        rowOf(tableOf(report, 'standards'), 'S1 Standard 1: safe and effective care', 'State'),
      ).toMatchObject({
        group: 'State: VIC',
        practice: 1,
        note: 'Not shown: fewer than 5 practices',
      });
    }
    const missing = await get(qam, '/api/reports/comparative?practice=999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('There is no such practice.');
  });

  it('refuses a PM at another practice, a missing one alike, a surveyor, no token and bad input', async () => {
    const other = await get(pm, `/api/reports/comparative?practice=${networkPeer}`);
    const missing = await get(pm, '/api/reports/comparative?practice=999999');
    expect(other.statusCode).toBe(403);
    expect(missing.statusCode).toBe(403);
    expect(other.body).toBe(missing.body);
    expect(other.body).not.toContain('Coastal Peer');
    expect(other.json().message).toBe('You can compare only the practices you manage.');
    // The other practice's PM is refused Harbour, in the files too.
    expect(
      (await get(otherPm, `/api/reports/comparative/standards.csv?practice=${harbour}`)).statusCode,
    ).toBe(403);
    // A surveyor (and practice SU) of Harbour: no report.
    expect((await get(surveyor, `/api/reports/comparative?practice=${harbour}`)).statusCode).toBe(403);
    expect((await get(null, `/api/reports/comparative?practice=${harbour}`)).statusCode).toBe(401);
    const forged = await stack.app.inject({
      method: 'GET',
      url: `/api/reports/comparative?practice=${harbour}`,
      headers: { authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' },
    });
    expect(forged.statusCode).toBe(401);
    const none = await get(pm, '/api/reports/comparative');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Choose a practice.');
    for (const bad of ['-1', '1%00', 'x'.repeat(5000), '99999999999']) {
      expect((await get(pm, `/api/reports/comparative?practice=${encodeURIComponent(bad)}`)).statusCode).toBe(
        400,
      );
    }
  });

  it('refuses a manager whose role is inactive, and the manager of an inactive practice', async () => {
    const former = await createUser(stack.sql);
    await addPracticeRole(stack.sql, harbour, former.id, 'PM', { active: false });
    expect((await get(former, `/api/reports/comparative?practice=${harbour}`)).statusCode).toBe(403);
    const closed = await createPractice(stack.sql, { activeStatus: 'INACTIVE' });
    const closedPm = await createUser(stack.sql);
    await addPracticeRole(stack.sql, closed.id, closedPm.id, 'PM');
    await addPracticeRole(stack.sql, networkPeer, closedPm.id, 'SU');
    expect((await get(closedPm, `/api/reports/comparative?practice=${closed.id}`)).statusCode).toBe(403);
    expect((await get(closedPm, `/api/reports/comparative?practice=${networkPeer}`)).statusCode).toBe(403);
  });

  it('exports each table as CSV and XLSX with the rows the screen shows', async () => {
    const csv = await get(pm, `/api/reports/comparative/standards.csv?practice=${harbour}`);
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Standard,Compared with,Peer practices,This practice,25th percentile,Median,75th percentile,Percentile rank,Note',
    );
    expect(lines[1]).toBe(
      'S1 Standard 1: safe and effective care,Network: Coastal Health Partners,,75.0%,,,,,Not shown: fewer than 5 practices',
    );
    expect(lines[2]).toBe('S1 Standard 1: safe and effective care,State: NSW,5,75.0%,50.0%,75.0%,100.0%,50,');
    const xlsx = await get(pm, `/api/reports/comparative/cycle-times.xlsx?practice=${harbour}`);
    expect(xlsx.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet?.data[0]?.[0]).toBe('Measure');
    expect(sheet?.data[3]).toEqual([
      'Application to certification',
      'All practices',
      9,
      60,
      50,
      70,
      90,
      39,
      null,
    ]);
    expect((await get(pm, `/api/reports/comparative/nothing.csv?practice=${harbour}`)).statusCode).toBe(404);
  });

  it('lets a PM read none of the peers’ rows the report reads through GraphQL', async () => {
    const result = await stack.gql<Record<string, unknown[]>>(
      { email: pm.email, password: pm.password },
      `query ($id: Int!) {
        practices(where: {organisation_id: {_eq: $id}}) { organisation_id }
        organisations(where: {id: {_eq: $id}}) { id name }
        accreditations(where: {practice_id: {_eq: $id}}) { id application_date }
        assessments(where: {accreditation: {practice_id: {_eq: $id}}}) { id status }
        indicator_responses(where: {assessment: {accreditation: {practice_id: {_eq: $id}}}}) { id compliance risk_rating }
        certificates(where: {practice_id: {_eq: $id}}) { id certification_date }
        assessment_status_changes(where: {assessment: {accreditation: {practice_id: {_eq: $id}}}}) { id }
      }`,
      { id: networkPeer },
    );
    expect(result.errors).toBeUndefined();
    for (const rows of Object.values(result.data ?? {})) expect(rows).toEqual([]);
    // …while their own practice's rows are there (the query is right).
    const own = await stack.gql<Record<string, unknown[]>>(
      { email: pm.email, password: pm.password },
      'query ($id: Int!) { practices(where: {organisation_id: {_eq: $id}}) { organisation_id } }',
      { id: harbour },
    );
    expect(own.data?.practices).toHaveLength(1);
  });
});
