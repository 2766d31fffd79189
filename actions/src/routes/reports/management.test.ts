import { MANAGEMENT_REPORT_TABLES, portalToday, type TReport, type TReportTable } from '@portal/domain';
import {
  addPracticeRole,
  addSurveyVisitor,
  createAccreditation,
  createAddress,
  createAssessment,
  createCertificate,
  createNetwork,
  createPractice,
  createReapplication,
  createSurveyVisit,
  createUser,
  dayFromToday as day,
  type TestUser,
} from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import readXlsxFile from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const T = MANAGEMENT_REPORT_TABLES;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The report's label of the month of a yyyy-MM-dd day ('Mar 2026'). */
const monthOf = (wire: string) => `${MONTHS[Number(wire.slice(5, 7)) - 1]} ${wire.slice(0, 4)}`;

/** A minimal RFC 4180 reader (no quoted line breaks in these files). */
function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) => {
      const cells: string[] = [];
      let field = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const c = line[i]!;
        if (quoted && c === '"' && line[i + 1] === '"') {
          field += '"';
          i++;
        } else if (c === '"') quoted = !quoted;
        else if (c === ',' && !quoted) {
          cells.push(field);
          field = '';
        } else field += c;
      }
      cells.push(field);
      return cells;
    });
}

describe('the management report (GET /api/reports/management)', () => {
  let ctx: TestContext;
  const tokens: Record<'qam' | 'admin' | 'pm' | 'surveyor' | 'newcomer', string> = {} as never;
  let qam1: TestUser;
  let qam2: TestUser;
  let network: number;
  let charlie: { id: number; name: string };
  const today = portalToday();

  /** An active practice at an address in `state`, in `network` when given. */
  async function practice(name: string, state: string, options: { network?: number; status?: string } = {}) {
    const address = await createAddress(ctx.sql, { state });
    return createPractice(ctx.sql, {
      name,
      organisation: { physical_address_id: address.id },
      practice: {
        status: options.status ?? 'IN_PROGRESS',
        network_id: options.network ?? null,
        is_in_practice_network: options.network !== undefined,
      },
    });
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    const { sql } = ctx;
    qam1 = await createUser(sql, { isQam: true, firstName: 'Helen', lastName: 'Murray' });
    qam2 = await createUser(sql, { isQam: true, firstName: 'Quinn', lastName: 'Two' });
    const admin = await createUser(sql, { isAdmin: true });
    const pm = await createUser(sql);
    const s1 = await createUser(sql, { isSurveyor: true, firstName: 'Sam', lastName: 'One' });
    const s2 = await createUser(sql, { isSurveyor: true, firstName: 'Tess', lastName: 'Two' });
    network = (await createNetwork(sql, { name: 'Coastal Health Partners' })).id;

    // Alpha (NSW, network, QAM 1): open cycle, self assessment overdue by 5 days.
    const alpha = await practice('Alpha Medical', 'NSW', { network });
    await addPracticeRole(sql, alpha.id, pm.id, 'PM');
    const alphaCycle = await createAccreditation(sql, alpha.id, {
      qam_id: qam1.id,
      self_assessment_due: day(-5),
    });
    await createAssessment(sql, alphaCycle.id, { type: 'PRESURVEY', status: 'IN_PROGRESS' });

    // Bravo (NSW, QAM 1): self assessment done (its due date in 20 days does not count); a visit
    // to plan overdue by 3 days (S2 offered) and a final visit in 10 days (S1: 2 + 4 + 1.5 hours).
    const bravo = await practice('Bravo Clinic', 'NSW');
    const bravoCycle = await createAccreditation(sql, bravo.id, {
      qam_id: qam1.id,
      self_assessment_due: day(20),
    });
    await createAssessment(sql, bravoCycle.id, { type: 'PRESURVEY', status: 'COMPLETED' });
    const toPlan = await createSurveyVisit(sql, bravoCycle.id, { status: 'PLANNING', due: day(-3) });
    await addSurveyVisitor(sql, toPlan.id, s2.id, 'OFFERED');
    const planned = await createSurveyVisit(sql, bravoCycle.id, {
      status: 'FINAL',
      date: day(10),
      due: day(10),
    });
    await addSurveyVisitor(sql, planned.id, s1.id, 'ACCEPTED', {
      hours_worked_before_visit: 2,
      hours_worked_after_visit: 1.5,
      actual_start_time: '09:00',
      actual_end_time: '13:00',
    });
    // An archived visit counts nowhere.
    const archived = await createSurveyVisit(sql, bravoCycle.id, {
      status: 'PLANNING',
      due: day(-9),
      archived: true,
    });
    await addSurveyVisitor(sql, archived.id, s1.id, 'ACCEPTED');

    // Charlie (VIC, network, QAM 2): survey in action required, its action plan 10 days over.
    charlie = await practice('Charlie Family Practice', 'VIC', { network });
    const charlieCycle = await createAccreditation(sql, charlie.id, { qam_id: qam2.id });
    await createAssessment(sql, charlieCycle.id, { type: 'PRESURVEY', status: 'COMPLETED' });
    const charlieVisit = await createSurveyVisit(sql, charlieCycle.id, { status: 'FINAL', date: day(-30) });
    await addSurveyVisitor(sql, charlieVisit.id, s1.id, 'ACCEPTED', { hours_worked_before_visit: 1 });
    await createAssessment(sql, charlieCycle.id, {
      type: 'SURVEY_VISIT',
      survey_visit_id: charlieVisit.id,
      status: 'ACTION_REQUIRED',
      action_plan_due: day(-10),
    });

    // Delta (VIC, QAM 2): accredited, renewal due in 30 days, certified today.
    const delta = await practice('Delta Health', 'VIC', { status: 'ACCREDITED' });
    const deltaCycle = await createAccreditation(sql, delta.id, { qam_id: qam2.id, status: 'CLOSED' });
    await createReapplication(sql, delta.id, {
      status: 'DUE',
      due_date: day(30),
      accreditation_id: deltaCycle.id,
    });
    await createCertificate(sql, delta.id, { accreditation_id: deltaCycle.id });

    // Echo (NSW): waiting for its application payment, no cycle yet.
    await practice('Echo Doctors', 'NSW', { status: 'PAYMENT_PENDING' });

    // Foxtrot (NSW, QAM 1): accredited, renewal payment a day late, certified 60 days ago.
    const foxtrot = await practice('Foxtrot Medical', 'NSW', { status: 'ACCREDITED' });
    await createAccreditation(sql, foxtrot.id, { qam_id: qam1.id, status: 'CLOSED' });
    await createReapplication(sql, foxtrot.id, { status: 'PAYMENT_PENDING', due_date: day(-1) });
    await createCertificate(sql, foxtrot.id, { certification_date: day(-60), issue_date: day(-60) });

    // An inactive practice counts nowhere.
    const gone = await createPractice(sql, { name: 'Gone Practice', activeStatus: 'INACTIVE' });
    const goneCycle = await createAccreditation(sql, gone.id, {
      qam_id: qam1.id,
      self_assessment_due: day(-2),
    });
    await createAssessment(sql, goneCycle.id, { type: 'PRESURVEY' });

    // Tess Two surveys Charlie; a newcomer has no practice.
    await addPracticeRole(sql, charlie.id, s2.id, 'SU');
    const newcomer = await createUser(sql, { isSurveyor: true });
    for (const [who, user] of Object.entries({ qam: qam1, admin, pm, surveyor: s2, newcomer }))
      tokens[who as keyof typeof tokens] = (await signIn(ctx.app, user.email, user.password)).accessToken;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const report = async (query = '', token = tokens.qam): Promise<TReport> => {
    const response = await get(`/api/reports/management${query}`, token);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TReport;
  };
  const table = (made: TReport, key: string): TReportTable => made.tables.find((t) => t.key === key)!;
  /** The rows of a table, only the columns it shows. */
  const cells = (made: TReport, key: string) => {
    const found = table(made, key);
    return found.rows.map((row) => Object.fromEntries(found.columns.map((c) => [c.key, row[c.key]])));
  };
  const work = (made: TReport) =>
    Object.fromEntries(table(made, T.workDue.key).rows.map((row) => [row.workKey, [row.due, row.overdue]]));

  it('counts practices by cycle status, as the practice list labels them', async () => {
    const made = await report();
    expect(made.report).toBe('management');
    expect(made.tables.map((t) => t.key)).toEqual([
      'cycle-status',
      'work-due',
      'action-plans-overdue',
      'surveyor-workload',
      'certificates-by-month',
    ]);
    expect(cells(made, 'cycle-status')).toEqual([
      { status: 'Payment pending', practices: 1, share: 1 / 6 },
      { status: 'In progress', practices: 2, share: 2 / 6 },
      { status: 'Action required', practices: 1, share: 1 / 6 },
      { status: 'Accredited', practices: 2, share: 2 / 6 },
    ]);
  });

  it('counts the work due and overdue, by hand', async () => {
    const made = await report();
    expect(work(made)).toEqual({
      selfAssessments: [1, 1],
      surveyVisits: [1, 1],
      renewals: [1, 0],
      renewalPayments: [1, 1],
      applicationPayments: [1, null],
      actionPlans: [1, 1],
    });
    expect(cells(made, 'work-due')[0]).toEqual({
      work: 'Self assessments',
      due: 1,
      overdue: 1,
      dateRange: 'Self assessment due date',
    });
    expect(table(made, 'action-plans-overdue').rows).toEqual([
      {
        practiceId: charlie.id,
        practice: 'Charlie Family Practice',
        qam: 'Quinn Two',
        due: day(-10),
        daysOver: 10,
      },
    ]);
  });

  it("counts each surveyor's visits, hours and pending offers", async () => {
    expect(cells(await report(), 'surveyor-workload')).toEqual([
      { surveyor: 'Sam One', visits: 2, hours: 8.5, offers: 0 },
      { surveyor: 'Tess Two', visits: 0, hours: 0, offers: 1 },
    ]);
  });

  it('counts certificates per month over the last twelve months, empty months as 0', async () => {
    const rows = cells(await report(), 'certificates-by-month');
    expect(rows).toHaveLength(12);
    expect(rows.at(-1)).toEqual({ month: monthOf(today), issued: 1 });
    expect(rows.find((row) => row.month === monthOf(day(-60)))).toEqual({
      month: monthOf(day(-60)),
      issued: 1,
    });
    expect(rows.reduce((sum, row) => sum + Number(row.issued), 0)).toBe(2);
  });

  it('narrows every table by state', async () => {
    const made = await report('?state=VIC');
    expect(cells(made, 'cycle-status')).toEqual([
      { status: 'Action required', practices: 1, share: 0.5 },
      { status: 'Accredited', practices: 1, share: 0.5 },
    ]);
    expect(work(made)).toMatchObject({ selfAssessments: [0, 0], renewals: [1, 0], actionPlans: [1, 1] });
    expect(cells(made, 'surveyor-workload')).toEqual([
      { surveyor: 'Sam One', visits: 1, hours: 1, offers: 0 },
    ]);
    expect(cells(made, 'certificates-by-month').reduce((sum, row) => sum + Number(row.issued), 0)).toBe(1);
  });

  it('narrows by network and by the QAM of the current cycle', async () => {
    const byNetwork = await report(`?network=${network}`);
    expect(cells(byNetwork, 'cycle-status')).toEqual([
      { status: 'In progress', practices: 1, share: 0.5 },
      { status: 'Action required', practices: 1, share: 0.5 },
    ]);
    expect(work(byNetwork)).toMatchObject({ selfAssessments: [1, 1], actionPlans: [1, 1], renewals: [0, 0] });

    const byQam = await report(`?qam=${qam1.id}`);
    expect(cells(byQam, 'cycle-status')).toEqual([
      { status: 'In progress', practices: 2, share: 2 / 3 },
      { status: 'Accredited', practices: 1, share: 1 / 3 },
    ]);
    expect(work(byQam)).toEqual({
      selfAssessments: [1, 1],
      surveyVisits: [1, 1],
      renewals: [0, 0],
      renewalPayments: [1, 1],
      applicationPayments: [0, null],
      actionPlans: [0, 0],
    });
    expect(table(byQam, 'action-plans-overdue').rows).toEqual([]);
  });

  it('narrows by the date range on the dates each table names', async () => {
    const from = day(-7);
    const to = day(40);
    const made = await report(`?from=${from}&to=${to}`);
    expect(work(made)).toEqual({
      selfAssessments: [1, 1],
      surveyVisits: [1, 1],
      renewals: [1, 0],
      renewalPayments: [1, 1],
      applicationPayments: [1, null],
      actionPlans: [0, 0],
    });
    expect(cells(made, 'surveyor-workload')).toEqual([
      { surveyor: 'Sam One', visits: 1, hours: 7.5, offers: 0 },
      { surveyor: 'Tess Two', visits: 0, hours: 0, offers: 1 },
    ]);
    const months = cells(made, 'certificates-by-month');
    expect(months[0]?.month).toBe(monthOf(from));
    expect(months.at(-1)?.month).toBe(monthOf(to));
    expect(months.reduce((sum, row) => sum + Number(row.issued), 0)).toBe(1);
    // The cycle statuses are today's, whatever the range.
    expect(cells(made, 'cycle-status')).toEqual(cells(await report(), 'cycle-status'));
  });

  it('spec 000 §2: a PM and a surveyor read it for their own practices; a user without any, 403', async () => {
    expect((await report('', tokens.admin)).tables).toHaveLength(5);
    const mine = await report('', tokens.pm);
    expect(cells(mine, 'cycle-status')).toEqual([{ status: 'In progress', practices: 1, share: 1 }]);
    expect(work(mine)).toMatchObject({ selfAssessments: [1, 1], surveyVisits: [0, 0], actionPlans: [0, 0] });
    expect(cells(mine, 'surveyor-workload')).toEqual([]);
    const surveyed = await report('', tokens.surveyor);
    expect(cells(surveyed, 'cycle-status')).toEqual([{ status: 'Action required', practices: 1, share: 1 }]);
    expect(cells(surveyed, 'action-plans-overdue').map((row) => row.practice)).toEqual([
      'Charlie Family Practice',
    ]);
    expect(cells(surveyed, 'surveyor-workload')).toEqual([
      { surveyor: 'Sam One', visits: 1, hours: 1, offers: 0 },
    ]);
    const response = await get('/api/reports/management', tokens.newcomer);
    expect(response.statusCode).toBe(403);
    expect(response.body).toContain('You do not have permission to see this report.');
    expect((await get('/api/reports/management/cycle-status.csv', tokens.newcomer)).statusCode).toBe(403);
    expect((await get('/api/reports/management')).statusCode).toBe(401);
    expect((await get('/api/reports/management', 'forged.token.value')).statusCode).toBe(401);
  });

  it('refuses bad filters with their messages and reads nothing', async () => {
    const cases: [string, string][] = [
      ['?state=N%00W', 'Remove the control characters (such as NUL) from this field.'],
      ['?state=NSWX', 'Choose a state from the list.'],
      [`?network=${'9'.repeat(12)}`, 'Choose one from the list.'],
      ['?qam=abc', 'Choose one from the list.'],
      ['?from=2026-02-30', 'Enter a date as YYYY-MM-DD.'],
      ['?from=2026-07-01&to=2026-06-30', "'From' must be on or before 'To'."],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/reports/management${query}`, tokens.qam);
      expect(response.statusCode, query).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await get('/api/reports/management/no-such-table.csv', tokens.qam)).statusCode).toBe(404);
  });

  it('exports a table as CSV and XLSX with the cells the screen shows, under the filters', async () => {
    const csv = await get('/api/reports/management/work-due.csv?state=VIC', tokens.qam);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(`management-work-due-${today}.csv`);
    expect(parseCsv(csv.body)).toEqual([
      ['Work', 'Outstanding', 'Overdue', 'Date range applies to'],
      ['Self assessments', '0', '0', 'Self assessment due date'],
      ['Survey visits to plan', '0', '0', 'Visit due date'],
      ['Renewals', '1', '0', 'Renewal due date'],
      ['Renewal payments pending', '0', '0', 'Renewal due date'],
      ['Application payments pending', '0', '', 'Date the practice was added'],
      ['Action plans', '1', '1', 'Action plan due date'],
    ]);

    const xlsx = await get('/api/reports/management/action-plans-overdue.xlsx', tokens.qam);
    expect(xlsx.statusCode).toBe(200);
    const [sheet] = await readXlsxFile(xlsx.rawPayload);
    expect(sheet?.data).toEqual([
      ['Practice', 'QAM', 'Action plan due', 'Days over'],
      ['Charlie Family Practice', 'Quinn Two', day(-10), 10],
    ]);

    const status = await get('/api/reports/management/cycle-status.xlsx', tokens.qam);
    const [statusSheet] = await readXlsxFile(status.rawPayload);
    expect(statusSheet?.data[0]).toEqual(['Cycle status', 'Practices', 'Share']);
    expect(statusSheet?.data[1]).toEqual(['Payment pending', 1, 1 / 6]);
  });
});
