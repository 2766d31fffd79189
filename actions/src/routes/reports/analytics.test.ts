import type { TReport, TReportFilters, TReportTable } from '@portal/domain';
import { createEdition } from '@portal/testkit/edition-factories';
import {
  addPracticeRole,
  createAccreditation,
  createAddress,
  createNetwork,
  createPractice,
  createUser,
  insertRow,
  type TestUser,
} from '@portal/testkit/factories';
import { createStandards } from '@portal/testkit/report-factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerOfUser } from '../../services/practices/practice-access.ts';
import { loadAnalyticsReport } from '../../services/reports/analytics-report.ts';
import { oneSource } from '../../services/reports/registry.ts';

/**
 * The analytics report on data this test makes, every figure counted by hand below.
 *
 * Standards edition: S1 (S1.1A and S1.2A under criterion S1.1, S1.3A under S1.3) and S2 (S2.1A,
 * S2.2A, S2.3A, each its own criterion). Network "Analytics Net":
 *
 * | practice | state | QAM | survey status   | visit      | S1.1A | S1.2A        | S1.3A  | S2.1A | S2.2A | S2.3A           |
 * | P1       | NSW   | Q1  | CERTIFIED       | 2026-03-10 | MET   | NM Major C   | MET    | MET   | N/A   | NM Critical C   |
 * | P2       | VIC   | Q2  | ACTION_REQUIRED | 2026-04-05 | NM Major O | NM Moderate C | MET | MET   | MET   | MET             |
 * | P3       | NSW   | Q1  | UNDER_REVIEW    | 2026-04-20 | MET   | NM unrated O | NM Minor O | MET | MET | N/A          |
 * | P4       | NSW   | Q1  | IN_PROGRESS     | 2026-04-22 | all NOT_MET (not counted: still being rated)                      |
 * | P5 (other network) | NSW | Q1 | APPROVED | 2026-04-23 | all NOT_MET (counted only without the network filter)            |
 * | P6 (other network) | QLD | Q2 | UNDER_REVIEW | 2026-06-15 | no finding yet                                                |
 *
 * (C closed, O open.) P1 went to 'Action required' on 20 Mar and was certified on 20 May; its
 * non-conformities closed on 9 Apr (20 days) and 19 Apr (30 days). P2 went on 15 Apr; S1.2A
 * closed on 25 Apr (10 days), S1.1A is still open.
 */
describe('the analytics report', () => {
  let stack: TestStack;
  let qam: TestUser;
  let admin: TestUser;
  let pm: TestUser;
  let surveyor: TestUser;
  let q2: TestUser;
  let network: number;
  let otherNetwork: number;
  const ids: Record<string, number> = {};

  type Finding = 'MET' | 'NA' | ['NM', 'CRITICAL' | 'HIGH' | 'MODERATE' | 'LOW' | null, 'O' | string];

  async function surveyedPractice(options: {
    state: string;
    qam: number;
    network: number;
    status: string;
    visit: string;
    findings: Finding[];
    actionRequiredAt?: string;
    certifiedAt?: string;
  }) {
    const address = await createAddress(stack.sql, { state: options.state });
    const practice = await createPractice(stack.sql, {
      organisation: { physical_address_id: address.id },
      practice: { network_id: options.network, is_in_practice_network: true },
    });
    const cycle = await createAccreditation(stack.sql, practice.id, {
      qam_id: options.qam,
      survey_version_id: ids.version,
    });
    const visit = await insertRow(stack.sql, 'survey_visits', {
      accreditation_id: cycle.id,
      status: 'FINAL',
      date: options.visit,
    });
    const assessment = await insertRow(stack.sql, 'assessments', {
      accreditation_id: cycle.id,
      survey_visit_id: visit.id,
      type: 'SURVEY_VISIT',
      status: options.status,
    });
    for (const [index, finding] of options.findings.entries()) {
      const indicatorId = ids[`indicator${index}`];
      const notMet = Array.isArray(finding);
      await insertRow(stack.sql, 'indicator_responses', {
        assessment_id: assessment.id,
        indicator_id: indicatorId,
        compliance: finding === 'MET' ? 'MET' : finding === 'NA' ? 'NOT_APPLICABLE' : 'NOT_MET',
        risk_rating: notMet ? finding[1] : null,
        non_conformity_status: notMet && finding[2] !== 'O' ? 'CLOSED' : 'OPEN',
        date_closed: notMet && finding[2] !== 'O' ? finding[2] : null,
      });
    }
    const change = (from: string, to: string, at: string) =>
      insertRow(stack.sql, 'assessment_status_changes', {
        assessment_id: assessment.id,
        from_status: from,
        to_status: to,
        changed_at: at,
      });
    if (options.actionRequiredAt) await change('UNDER_REVIEW', 'ACTION_REQUIRED', options.actionRequiredAt);
    if (options.certifiedAt) await change('APPROVED', 'CERTIFIED', options.certifiedAt);
    return practice.id;
  }

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    const standards = await createStandards(stack.sql, { sets: 2, indicatorsPerSet: 3 });
    ids.version = standards.surveyVersionId;
    standards.indicators.forEach((indicator, index) => {
      ids[`indicator${index}`] = indicator.id;
    });
    await stack.sql.query(
      `update public.indicators set criterion_code = case code when 'S1.1A' then 'S1.1' when 'S1.2A' then 'S1.1'
         when 'S1.3A' then 'S1.3' end where id = any($1::int[])`,
      [standards.indicators.map((indicator) => indicator.id)],
    );
    qam = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: 'One' });
    q2 = await createUser(stack.sql, { isQam: true, firstName: 'Quinn', lastName: 'Two' });
    admin = await createUser(stack.sql, { isAdmin: true });
    pm = await createUser(stack.sql);
    surveyor = await createUser(stack.sql, { isSurveyor: true });
    network = (await createNetwork(stack.sql, { name: 'Analytics Net' })).id;
    otherNetwork = (await createNetwork(stack.sql)).id;

    const p1 = await surveyedPractice({
      state: 'NSW',
      qam: qam.id,
      network,
      status: 'CERTIFIED',
      visit: '2026-03-10',
      findings: ['MET', ['NM', 'HIGH', '2026-04-09'], 'MET', 'MET', 'NA', ['NM', 'CRITICAL', '2026-04-19']],
      actionRequiredAt: '2026-03-20T10:00:00+11:00',
      certifiedAt: '2026-05-20T10:00:00+10:00',
    });
    await addPracticeRole(stack.sql, p1, pm.id, 'PM');
    await addPracticeRole(stack.sql, p1, surveyor.id, 'SU');
    await surveyedPractice({
      state: 'VIC',
      qam: q2.id,
      network,
      status: 'ACTION_REQUIRED',
      visit: '2026-04-05',
      findings: [['NM', 'HIGH', 'O'], ['NM', 'MODERATE', '2026-04-25'], 'MET', 'MET', 'MET', 'MET'],
      actionRequiredAt: '2026-04-15T09:00:00+10:00',
    });
    await surveyedPractice({
      state: 'NSW',
      qam: qam.id,
      network,
      status: 'UNDER_REVIEW',
      visit: '2026-04-20',
      findings: ['MET', ['NM', null, 'O'], ['NM', 'LOW', 'O'], 'MET', 'MET', 'NA'],
    });
    const allNotMet: Finding[] = Array.from({ length: 6 }, () => ['NM', 'HIGH', 'O'] as Finding);
    await surveyedPractice({
      state: 'NSW',
      qam: qam.id,
      network,
      status: 'IN_PROGRESS',
      visit: '2026-04-22',
      findings: allNotMet,
    });
    await surveyedPractice({
      state: 'NSW',
      qam: qam.id,
      network: otherNetwork,
      status: 'APPROVED',
      visit: '2026-04-23',
      findings: allNotMet,
    });
    // A survey in June of the other network with no finding yet: the trend shows May as empty.
    await surveyedPractice({
      state: 'QLD',
      qam: q2.id,
      network: otherNetwork,
      status: 'UNDER_REVIEW',
      visit: '2026-06-15',
      findings: [],
    });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const load = (filters: TReportFilters, who: TestUser = qam, role = 'qam') =>
    loadAnalyticsReport(oneSource(stack.app.db), callerOfUser({ id: who.id, role }), filters);
  const tableOf = (report: TReport, key: string): TReportTable => {
    const found = report.tables.find((table) => table.key === key);
    if (!found) throw new Error(`no table ${key}`);
    return found;
  };
  const rowsOf = (report: TReport, key: string, columns: string[]) =>
    tableOf(report, key).rows.map((row) => columns.map((column) => row[column]));

  it('rates each standard and criterion as counted by hand, N/A left out of the rate', async () => {
    const report = await load({ network });
    expect(report.tables.map((table) => table.key)).toEqual([
      'standards',
      'criteria',
      'indicators',
      'most-not-met',
      'risk-ratings',
      'time-to-close',
      'trend',
    ]);
    const cols = ['practices', 'rated', 'met', 'notMet', 'notApplicable', 'metRate'];
    expect(rowsOf(report, 'standards', ['standard', ...cols])).toEqual([
      ['S1 Standard 1: safe and effective care', 3, 9, 4, 5, 0, 4 / 9],
      ['S2 Standard 2: safe and effective care', 3, 7, 6, 1, 2, 6 / 7],
    ]);
    expect(rowsOf(report, 'criteria', ['criterion', ...cols])).toEqual([
      ['S1.1', 3, 6, 2, 4, 0, 2 / 6],
      ['S1.3', 3, 3, 2, 1, 0, 2 / 3],
      ['S2.1A', 3, 3, 3, 0, 0, 1],
      ['S2.2A', 3, 2, 2, 0, 1, 1],
      ['S2.3A', 3, 2, 1, 1, 1, 1 / 2],
    ]);
    expect(rowsOf(report, 'indicators', ['code', 'rated', 'met', 'metRate'])).toEqual([
      ['S1.1A', 3, 2, 2 / 3],
      ['S1.2A', 3, 0, 0],
      ['S1.3A', 3, 2, 2 / 3],
      ['S2.1A', 3, 3, 1],
      ['S2.2A', 2, 2, 1],
      ['S2.3A', 2, 1, 1 / 2],
    ]);
  });

  it('lists the indicators most often Not met, most first, with the share of practices', async () => {
    const report = await load({ network });
    expect(
      rowsOf(report, 'most-not-met', ['code', 'notMet', 'practicesNotMet', 'practices', 'shareOfPractices']),
    ).toEqual([
      ['S1.2A', 3, 3, 3, 1],
      ['S1.1A', 1, 1, 3, 1 / 3],
      ['S1.3A', 1, 1, 3, 1 / 3],
      ['S2.3A', 1, 1, 3, 1 / 3],
    ]);
  });

  it('counts the risk ratings of Not met findings with the labels users read', async () => {
    const report = await load({ network });
    expect(rowsOf(report, 'risk-ratings', ['rating', 'findings', 'open', 'closed', 'share'])).toEqual([
      ['Critical', 1, 0, 1, 1 / 6],
      ['Major', 2, 1, 1, 2 / 6],
      ['Moderate', 1, 0, 1, 1 / 6],
      ['Minor', 1, 1, 0, 1 / 6],
      ['Not rated', 1, 1, 0, 1 / 6],
    ]);
  });

  it("times non-conformities and certification from 'Action required' (median, p75, p90)", async () => {
    const report = await load({ network });
    // Closed after 10, 20 and 30 days; P2's S1.1A still open. Certified after 61 days; P2 waiting.
    expect(rowsOf(report, 'time-to-close', ['measure', 'done', 'waiting', 'median', 'p75', 'p90'])).toEqual([
      ['Non-conformity closed', 3, 1, 20, 25, 28],
      ['Certification', 1, 1, 61, 61, 61],
    ]);
  });

  it('shows surveys per month with their met rate and non-conformities raised', async () => {
    const report = await load({ network });
    expect(rowsOf(report, 'trend', ['month', 'surveys', 'rated', 'metRate', 'nonConformities'])).toEqual([
      ['Mar 2026', 1, 5, 3 / 5, 2],
      ['Apr 2026', 2, 11, 7 / 11, 4],
    ]);
  });

  it('applies the state, QAM and date filters, and counts other networks without the network filter', async () => {
    const victoria = await load({ network, state: 'VIC' });
    expect(rowsOf(victoria, 'standards', ['practices', 'met', 'notMet'])).toEqual([
      [1, 1, 2],
      [1, 3, 0],
    ]);
    const ofQ1 = await load({ network, qam: qam.id });
    expect(rowsOf(ofQ1, 'trend', ['month', 'surveys'])).toEqual([
      ['Mar 2026', 1],
      ['Apr 2026', 1],
    ]);
    const april = await load({ network, from: '2026-04-01', to: '2026-04-30' });
    expect(rowsOf(april, 'trend', ['month', 'surveys', 'nonConformities'])).toEqual([['Apr 2026', 2, 4]]);
    expect(rowsOf(april, 'standards', ['practices', 'met', 'notMet'])).toEqual([
      [2, 2, 4],
      [2, 5, 0],
    ]);
    const everyone = await load({});
    // P5 (APPROVED, another network) adds six Not met findings; P4 (IN_PROGRESS) never counts.
    expect(rowsOf(everyone, 'standards', ['practices', 'met', 'notMet'])).toEqual([
      [4, 4, 8],
      [4, 6, 4],
    ]);
    const other = await load({ network: otherNetwork });
    expect(rowsOf(other, 'trend', ['month', 'surveys', 'rated', 'metRate', 'nonConformities'])).toEqual([
      ['Apr 2026', 1, 6, 0, 6],
      ['May 2026', 0, 0, null, 0],
      ['Jun 2026', 1, 0, null, 0],
    ]);
    const nobody = await load({ network, from: '2027-01-01' });
    expect(nobody.tables.find((table) => table.key === 'standards')?.rows).toEqual([]);
    expect(rowsOf(nobody, 'time-to-close', ['done', 'waiting', 'median'])).toEqual([
      [0, 0, null],
      [0, 0, null],
    ]);
  });

  it('spec 000 §2: a PM and a surveyor read the findings of their own practice; a newcomer is refused', async () => {
    for (const who of [pm, surveyor]) {
      const report = await load({}, who, 'user');
      expect(rowsOf(report, 'standards', ['met', 'notMet', 'notApplicable'])).toEqual([
        [2, 1, 0],
        [1, 1, 1],
      ]);
    }
    const newcomer = await createUser(stack.sql, { isSurveyor: true });
    await expect(load({}, newcomer, 'user')).rejects.toThrow(
      'You do not have permission to see this report.',
    );
  });

  describe('GET /api/reports/analytics', () => {
    const get = async (url: string, user: TestUser | null = qam, headers: Record<string, string> = {}) =>
      stack.app.inject({
        method: 'GET',
        url,
        headers: user
          ? { authorization: `Bearer ${await stack.tokenFor(user.email, user.password)}`, ...headers }
          : headers,
      });

    it('answers the QAM and the provider admin with the same figures', async () => {
      for (const user of [qam, admin]) {
        const response = await get(`/api/reports/analytics?network=${network}`, user);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('no-store');
        const report = response.json() as TReport;
        expect(report.report).toBe('analytics');
        expect(rowsOf(report, 'standards', ['met', 'notMet'])).toEqual([
          [4, 5],
          [6, 1],
        ]);
      }
    });

    it('refuses without a token (401) and with a forged one (401); a PM reads their own (200)', async () => {
      expect((await get('/api/reports/analytics', null)).statusCode).toBe(401);
      expect(
        (await get('/api/reports/analytics', null, { authorization: 'Bearer not.a.token' })).statusCode,
      ).toBe(401);
      const response = await get('/api/reports/analytics', pm);
      expect(response.statusCode).toBe(200);
      expect(rowsOf(response.json() as TReport, 'standards', ['met', 'notMet'])).toEqual([
        [2, 1],
        [1, 1],
      ]);
      expect((await get('/api/reports/analytics/standards.csv', pm)).statusCode).toBe(200);
    });

    it('refuses bad filters (400) and reads nothing', async () => {
      for (const query of [
        'state=N%00W',
        'network=-1',
        'qam=1%20or%201=1',
        'from=2026-13-01',
        'from=2026-07-01&to=2026-06-30',
        'edition=GPS-6',
        `state=${'N'.repeat(5000)}`,
      ]) {
        expect((await get(`/api/reports/analytics?${query}`)).statusCode, query).toBe(400);
      }
      expect((await get('/api/reports/analytics/nothing.csv')).statusCode).toBe(404);
      expect((await get('/api/reports/analytics/standards.pdf')).statusCode).toBe(400);
    });

    it('exports one table as CSV and as XLSX, the cells as the screen shows them', async () => {
      const csv = await get(`/api/reports/analytics/most-not-met.csv?network=${network}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-disposition']).toMatch(/analytics-most-not-met-\d{4}-\d{2}-\d{2}\.csv/);
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe(
        'Indicator,Description,Not met findings,Practices Not met,Practices rated,Share of practices',
      );
      expect(lines[1]).toBe('S1.2A,Indicator S1.2A: the practice does what it should.,3,3,3,100.0%');
      expect(lines[2]).toBe('S1.1A,Indicator S1.1A: the practice does what it should.,1,1,3,33.3%');
      expect(lines).toHaveLength(5);

      const xlsx = await get(`/api/reports/analytics/risk-ratings.xlsx?network=${network}`, admin);
      expect(xlsx.statusCode).toBe(200);
      const [sheet] = await readXlsxFile(xlsx.rawPayload);
      expect(sheet?.data).toEqual([
        ['Risk rating', 'Findings', 'Open', 'Closed', 'Share'],
        ['Critical', 1, 0, 1, 1 / 6],
        ['Major', 2, 1, 1, 2 / 6],
        ['Moderate', 1, 0, 1, 1 / 6],
        ['Minor', 1, 1, 0, 1 / 6],
        ['Not rated', 1, 1, 0, 1 / 6],
      ]);
    });
  });

  it('compared on a newer edition, follows the mapping and says where figures mix editions', async () => {
    // The newer edition: N1 ← S1.1A (equivalent), N2a and N2b ← S1.2A (split), N3 ← S1.3A and
    // S2.1A (merged), S2.2A retired, N5 ← S2.3A (equivalent), N6 new; P7 surveyed on it.
    const newer = await createEdition(stack.sql, { N1: 0, N2a: 0, N2b: 0, N3: 0, N5: 0, N6: 0 });
    const mapping = await insertRow(stack.sql, 'edition_mappings', {
      from_version_id: ids.version,
      to_version_id: newer.id,
    });
    const n = newer.indicators;
    const rows: Array<[number, string, number | undefined, number]> = [
      [ids.indicator0!, 'EQUIVALENT', n.N1, 1],
      [ids.indicator1!, 'SPLIT', n.N2a, 1],
      [ids.indicator1!, 'SPLIT', n.N2b, 2],
      [ids.indicator2!, 'MERGED', n.N3, 1],
      [ids.indicator3!, 'MERGED', n.N3, 1],
      [ids.indicator4!, 'RETIRED', undefined, 1],
      [ids.indicator5!, 'EQUIVALENT', n.N5, 1],
    ];
    // One statement: the mapping's rules are checked at commit, over all its rows.
    await stack.sql.query(
      `insert into public.edition_indicator_mappings (mapping_id, from_indicator_id, kind, to_indicator_id, position)
       select $1, r.f, r.k, r.t, r.p from jsonb_to_recordset($2::jsonb) as r(f integer, k text, t integer, p integer)`,
      [mapping.id, JSON.stringify(rows.map(([f, k, t, p]) => ({ f, k, t: t ?? null, p })))],
    );
    const p7 = await createPractice(stack.sql, {
      practice: { network_id: (await createNetwork(stack.sql)).id, is_in_practice_network: true },
    });
    const cycle = await createAccreditation(stack.sql, p7.id, {
      qam_id: qam.id,
      survey_version_id: newer.id,
    });
    const visit = await insertRow(stack.sql, 'survey_visits', {
      accreditation_id: cycle.id,
      status: 'FINAL',
      date: '2026-05-01',
    });
    const survey = await insertRow(stack.sql, 'assessments', {
      accreditation_id: cycle.id,
      survey_visit_id: visit.id,
      type: 'SURVEY_VISIT',
      status: 'CERTIFIED',
    });
    for (const [code, compliance] of [
      ['N1', 'MET'],
      ['N6', 'NOT_MET'],
    ] as const)
      await insertRow(stack.sql, 'indicator_responses', {
        assessment_id: survey.id,
        indicator_id: n[code],
        compliance,
      });
    const older = (
      await stack.sql.query('select code from public.survey_versions where id = $1', [ids.version])
    ).rows[0].code as string;

    // P1, P2, P3 and P5 (all Not met) on the older edition, P7 on the newer; S2.2A counts nowhere.
    const compared = await load({ edition: newer.id });
    const indicators = tableOf(compared, 'indicators');
    expect(indicators.title).toBe(
      `Compliance by indicator, on ${newer.code}; findings on ${older} counted through the mapping`,
    );
    expect(
      rowsOf(compared, 'indicators', [
        'edition',
        'code',
        'practices',
        'met',
        'notMet',
        'notApplicable',
        'mapped',
      ]),
    ).toEqual([
      [newer.code, 'N1', 5, 3, 2, 0, 4],
      [newer.code, 'N2a', 4, 0, 4, 0, 4],
      [newer.code, 'N2b', 4, 0, 4, 0, 4],
      [newer.code, 'N3', 4, 5, 3, 0, 8],
      [newer.code, 'N5', 4, 1, 2, 1, 4],
      [newer.code, 'N6', 1, 0, 1, 0, 0],
    ]);
    expect(rowsOf(compared, 'standards', ['edition', 'practices', 'met', 'notMet', 'mapped'])).toEqual([
      [newer.code, 5, 9, 16, 24],
    ]);
    // On the older edition itself: its own surveys only, nothing through a mapping.
    const own = await load({ edition: ids.version });
    expect(tableOf(own, 'standards').title).toBe(`Compliance by standard, on ${older}`);
    expect(rowsOf(own, 'standards', ['practices', 'met', 'notMet', 'mapped'])).toEqual([
      [4, 4, 8, 0],
      [4, 6, 4, 0],
    ]);
    // Each edition apart (no edition chosen): no column of mapped findings, P7 on its own edition.
    const apart = await load({});
    expect(tableOf(apart, 'indicators').columns.map((c) => c.key)).not.toContain('mapped');
    expect(rowsOf(apart, 'indicators', ['edition', 'code']).filter(([e]) => e === newer.code)).toEqual([
      [newer.code, 'N1'],
      [newer.code, 'N6'],
    ]);
  });
});
