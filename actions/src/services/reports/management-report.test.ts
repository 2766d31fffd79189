import { portalToday, practiceListWhere, type TPracticeListFilter, type TReport } from '@portal/domain';
import {
  createAccreditation,
  createAddress,
  createAssessment,
  createNetwork,
  createPractice,
  createReapplication,
  createSurveyVisit,
  createUser,
  dayFromToday as day,
  type Row,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The management report's work counts are the practice list's flags (selfAssessmentDue,
 * renewalDue, actionRequired), which live as GraphQL `where`s in @portal/domain: on practices
 * made to sit on each edge of those rules, the report's figures equal the list's counts through
 * the engine, for the same state and network.
 */
describe('the management report agrees with the practice list flags', () => {
  let stack: TestStack;
  let qam: TestUser;
  let network: { id: number; name: string };
  const today = portalToday();

  async function practice(state: string, cycle: Row | null, options: { active?: boolean } = {}) {
    const address = await createAddress(stack.sql, { state });
    const made = await createPractice(stack.sql, {
      activeStatus: options.active === false ? 'INACTIVE' : 'ACTIVE',
      organisation: { physical_address_id: address.id },
      practice: { network_id: network.id, is_in_practice_network: true },
    });
    const accreditation = cycle
      ? await createAccreditation(stack.sql, made.id, { qam_id: qam.id, ...cycle })
      : null;
    return { id: made.id, cycleId: accreditation?.id ?? 0 };
  }

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    const { sql } = stack;
    qam = await createUser(sql, { isQam: true });
    const made = await createNetwork(sql);
    network = { id: made.id, name: String(made.name) };

    for (const state of ['NSW', 'QLD']) {
      // Self assessment due: in progress, overdue, and far off.
      for (const offset of [-3, 40]) {
        const p = await practice(state, { self_assessment_due: day(offset) });
        await createAssessment(sql, p.cycleId, { type: 'PRESURVEY', status: 'IN_PROGRESS' });
      }
      // Not due: submitted (under review), no due date, closed cycle.
      const submitted = await practice(state, { self_assessment_due: day(-1) });
      await createAssessment(sql, submitted.cycleId, { type: 'PRESURVEY', status: 'UNDER_REVIEW' });
      await practice(state, { self_assessment_due: null });
      await practice(state, { status: 'CLOSED', self_assessment_due: day(-9) });
      // Inactive: counts nowhere.
      await practice(state, { self_assessment_due: day(-2) }, { active: false });

      // Renewals: due, payment pending, completed (not counted).
      for (const status of ['DUE', 'PAYMENT_PENDING', 'COMPLETED']) {
        const p = await practice(state, { status: 'CLOSED' });
        await createReapplication(sql, p.id, { status, due_date: day(10) });
      }

      // Action required in the current cycle; and only in an older cycle (not counted).
      const current = await practice(state, {});
      const visit = await createSurveyVisit(sql, current.cycleId, { status: 'FINAL' });
      await createAssessment(sql, current.cycleId, {
        type: 'SURVEY_VISIT',
        survey_visit_id: visit.id,
        status: 'ACTION_REQUIRED',
        action_plan_due: day(-4),
      });
      const older = await practice(state, { status: 'CLOSED', created_at: '2020-01-01T00:00:00Z' });
      const oldVisit = await createSurveyVisit(sql, older.cycleId, { status: 'FINAL' });
      await createAssessment(sql, older.cycleId, {
        type: 'SURVEY_VISIT',
        survey_visit_id: oldVisit.id,
        status: 'ACTION_REQUIRED',
      });
      await createAccreditation(sql, older.id, { qam_id: qam.id, status: 'OPEN' });
    }
  });
  afterAll(async () => {
    await stack?.close();
  });

  const report = async (query: string): Promise<TReport> => {
    const response = await stack.app.inject({
      method: 'GET',
      url: `/api/reports/management${query}`,
      headers: { authorization: `Bearer ${await stack.tokenFor(qam.email, qam.password)}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TReport;
  };
  const listCount = async (flag: TPracticeListFilter, state: string | null) => {
    const result = await stack.gql<{ practices_aggregate: { aggregate: { count: number } } }>(
      { email: qam.email, password: qam.password },
      'query C($where: practices_bool_exp!) { practices_aggregate(where: $where) { aggregate { count } } }',
      { where: practiceListWhere({ search: '', filters: [flag], state, network: network.name }, today) },
    );
    expect(result.errors).toBeUndefined();
    return result.data!.practices_aggregate.aggregate.count;
  };

  it.each([null, 'QLD'])('for the network and state %s', async (state) => {
    const made = await report(`?network=${network.id}${state ? `&state=${state}` : ''}`);
    const due = Object.fromEntries(
      made.tables
        .find((table) => table.key === 'work-due')!
        .rows.map((row) => [row.workKey, Number(row.due)]),
    );
    const perState = state ? 1 : 2;
    expect(due.selfAssessments).toBe(2 * perState);
    expect(due.selfAssessments).toBe(await listCount('selfAssessmentDue', state));
    expect((due.renewals ?? 0) + (due.renewalPayments ?? 0)).toBe(2 * perState);
    expect((due.renewals ?? 0) + (due.renewalPayments ?? 0)).toBe(await listCount('renewalDue', state));
    expect(due.actionPlans).toBe(perState);
    expect(due.actionPlans).toBe(await listCount('actionRequired', state));
  });
});
