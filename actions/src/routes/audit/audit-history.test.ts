import { AUDIT_PAGE_SIZE, auditActorLabel, auditChanges, type TAuditPage } from '@portal/domain';
import {
  addPracticeRole,
  createAddress,
  createStaff,
  createSurveyedPractice,
  createUser,
  type Sql,
  type TestUser,
} from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The history panels' route and the audit_log permissions, on a real engine and database, with
// histories the test makes: each change made as a known user, each figure counted by hand.

/** Runs one statement in a transaction whose session is the user's, as Hasura sets it. */
async function asUser(
  stack: TestStack,
  user: { id: number } | null,
  role: string,
  text: string,
  values: unknown[],
) {
  const client = await stack.sql.connect();
  try {
    await client.query('begin');
    const session = user
      ? { 'x-hasura-user-id': String(user.id), 'x-hasura-role': role }
      : { 'x-hasura-role': role };
    await client.query("select set_config('hasura.user', $1, true)", [JSON.stringify(session)]);
    await client.query(text, values);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

describe('GET /api/audit/:subject/:id and audit_log through GraphQL', () => {
  let stack: TestStack;
  let sql: Sql;
  let qam: TestUser;
  let admin: TestUser;
  let world: Awaited<ReturnType<typeof createSurveyedPractice>>;
  let other: Awaited<ReturnType<typeof createSurveyedPractice>>;
  let staffId: number;

  const read = async (user: TestUser | null, path: string) =>
    stack.app.inject({
      method: 'GET',
      url: `/api/audit/${path}`,
      headers: user ? { authorization: `Bearer ${await stack.tokenFor(user.email, user.password)}` } : {},
    });
  const page = async (user: TestUser, path: string) => {
    const response = await read(user, path);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as TAuditPage;
  };

  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    sql = stack.sql;
    qam = await createUser(sql, { isQam: true, firstName: 'Quinn', lastName: 'Assessor' });
    admin = await createUser(sql, { isAdmin: true, firstName: 'Ada', lastName: 'Admin' });
    world = await createSurveyedPractice(sql);
    other = await createSurveyedPractice(sql);
    const address = await createAddress(sql, { suburb: 'Bayside' });
    await sql.query('update organisations set phone = $2, physical_address_id = $3 where id = $1', [
      world.practice.id,
      '02 1111 1111',
      address.id,
    ]);
    staffId = await createStaff(sql, world.practice.id, { firstName: 'Nina', lastName: 'Nurse' });
    // The QAM changes the practice's phone through GraphQL, as the practice details form does.
    const changed = await stack.gql(
      { email: qam.email, password: qam.password },
      'mutation ($id: Int!) { update_organisations_by_pk(pk_columns: {id: $id}, _set: {phone: "02 2222 2222"}) { id } }',
      { id: world.practice.id },
    );
    expect(changed.errors).toBeUndefined();
    await asUser(stack, admin, 'provider_admin', "update addresses set suburb = 'Seaside' where id = $1", [
      address.id,
    ]);
    await asUser(stack, qam, 'qam', "update practice_staff set first_name = 'Nina-Marie' where id = $1", [
      staffId,
    ]);
    await asUser(
      stack,
      qam,
      'qam',
      "insert into assessment_status_changes (assessment_id, from_status, to_status, changed_by_id, reason) values ($1, 'IN_PROGRESS', 'ACTION_REQUIRED', $2, 'Two findings')",
      [world.survey.id, qam.id],
    );
    await asUser(
      stack,
      world.surveyors[0]!,
      'user',
      "update indicator_responses set compliance = 'MET' where id = $1",
      [world.survey.responseIds[0]],
    );
    await asUser(stack, null, 'admin', 'update accreditations set qam_id = $2 where id = $1', [
      world.accreditation.id,
      qam.id,
    ]);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });

  it("shows a QAM the practice's changes across its tables, newest first, with who made them", async () => {
    const { entries, hasMore } = await page(qam, `practice/${world.practice.id}`);
    expect(hasMore).toBe(false);
    // By hand: practices INSERT and UPDATE (its current accreditation, set by a trigger when the
    // cycle was made), organisations INSERT + 2 UPDATEs (phone and address set by the test, then
    // the QAM's phone), the address's INSERT and suburb, the accreditation's INSERT and its QAM.
    expect(entries.map((e) => `${e.tableName} ${e.operation}`).sort()).toEqual(
      [
        'accreditations INSERT',
        'accreditations UPDATE',
        'addresses INSERT',
        'addresses UPDATE',
        'organisations INSERT',
        'organisations UPDATE',
        'organisations UPDATE',
        'practices INSERT',
        'practices UPDATE',
      ].sort(),
    );
    const phone = entries.find((e) => e.tableName === 'organisations' && e.changedById === qam.id)!;
    expect(auditActorLabel(phone)).toBe('Quinn Assessor (QAM)');
    expect(auditChanges(phone)).toEqual([
      { field: 'phone', label: 'Phone', before: '02 1111 1111', after: '02 2222 2222' },
    ]);
    const suburb = entries.find((e) => e.tableName === 'addresses')!;
    expect(auditActorLabel(suburb)).toBe('Ada Admin (Provider admin)');
    expect(auditChanges(suburb)).toEqual([
      { field: 'suburb', label: 'Suburb', before: 'Bayside', after: 'Seaside' },
    ]);
    const console = entries.find((e) => e.tableName === 'accreditations' && e.operation === 'UPDATE')!;
    expect(auditActorLabel(console)).toBe('Admin console');
    // The value names the QAM: the page carries their name.
    const { people } = await page(qam, `practice/${world.practice.id}`);
    expect(auditChanges(console, { people })).toEqual([
      { field: 'qam_id', label: 'QAM', before: null, after: 'Quinn Assessor' },
    ]);
    const times = entries.map((e) => e.changedAt);
    expect(times).toEqual([...times].sort().reverse());
    // Nothing of the other practice.
    expect(entries.every((e) => e.rowId !== String(other.practice.id) || e.tableName === 'addresses')).toBe(
      true,
    );
  });

  it("shows a staff member's, an assessment's and an indicator response's own history", async () => {
    const staff = await page(admin, `staff/${staffId}`);
    expect(staff.entries.map((e) => e.operation)).toEqual(['UPDATE', 'INSERT']);
    expect(auditChanges(staff.entries[0]!)).toEqual([
      { field: 'first_name', label: 'First name', before: 'Nina', after: 'Nina-Marie' },
    ]);
    const assessment = await page(qam, `assessment/${world.survey.id}`);
    expect(assessment.entries.map((e) => `${e.tableName} ${e.operation}`)).toEqual([
      'assessment_status_changes INSERT',
      'assessments INSERT',
    ]);
    const response = await page(qam, `response/${world.survey.responseIds[0]}`);
    expect(response.entries.map((e) => e.operation)).toEqual(['UPDATE', 'INSERT']);
    expect(auditActorLabel(response.entries[0]!)).toBe('Sue Surveyor 1 (Portal user)');
    expect(auditChanges(response.entries[0]!)).toEqual([
      { field: 'compliance', label: 'Compliance', before: null, after: 'Met' },
    ]);
  });

  it('pages 20 at a time', async () => {
    const staff = await createStaff(sql, other.practice.id);
    for (let i = 1; i <= AUDIT_PAGE_SIZE + 4; i++) {
      await asUser(stack, qam, 'qam', 'update practice_staff set first_name = $2 where id = $1', [
        staff,
        `Role ${i}`,
      ]);
    }
    const first = await page(qam, `staff/${staff}`);
    expect(first.entries).toHaveLength(AUDIT_PAGE_SIZE);
    expect(first.hasMore).toBe(true);
    expect(auditChanges(first.entries[0]!)[0]!.after).toBe(`Role ${AUDIT_PAGE_SIZE + 4}`);
    const second = await page(qam, `staff/${staff}?offset=${AUDIT_PAGE_SIZE}`);
    // 24 updates and the insert: 5 left.
    expect(second.entries).toHaveLength(5);
    expect(second.hasMore).toBe(false);
    expect(second.entries.at(-1)!.operation).toBe('INSERT');
  });

  it('refuses practice users and surveyors, strangers and requests without a token', async () => {
    const stranger = await createUser(sql);
    for (const user of [world.pm, world.surveyors[0]!, stranger]) {
      const response = await read(user, `practice/${world.practice.id}`);
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('02 2222 2222');
    }
    expect((await read(null, `practice/${world.practice.id}`)).statusCode).toBe(401);
  });

  it('refuses bad input and reads nothing for an id with no history', async () => {
    for (const path of [
      `customers/${world.practice.id}`,
      'practice/0',
      'practice/-1',
      'practice/abc',
      'practice/99999999999',
      `practice/${world.practice.id}?offset=-1`,
      `practice/${world.practice.id}?offset=10001`,
      `practice/${world.practice.id}?offset=x`,
      'practice/1%00',
    ]) {
      expect((await read(qam, path)).statusCode, path).toBe(400);
    }
    expect(await page(qam, 'practice/2147483647')).toEqual({ entries: [], hasMore: false, people: {} });
  });

  it('gives audit_log and audit_history to QAM and provider admin only through GraphQL', async () => {
    const query = `query ($id: Int!) {
      audit_history(args: {subject: "practice", subject_id: $id}, order_by: {changed_at: desc}) {
        table_name operation changed_by { first_name last_name }
      }
      audit_log(where: {table_name: {_eq: "organisations"}, row_id: {_eq: "${world.practice.id}"}}) { id }
    }`;
    for (const user of [qam, admin]) {
      const result = await stack.gql<{
        audit_history: Array<{ changed_by: { first_name: string } | null }>;
        audit_log: unknown[];
      }>({ email: user.email, password: user.password }, query, { id: world.practice.id });
      expect(result.errors).toBeUndefined();
      expect(result.data!.audit_history).toHaveLength(9);
      expect(result.data!.audit_history.some((e) => e.changed_by?.first_name === 'Quinn')).toBe(true);
      expect(result.data!.audit_log).toHaveLength(3);
    }
    // The log of other tables (users: login counters, avatars' storage keys) is the admin's only.
    const usersLog = '{ audit_log(where: {table_name: {_eq: "users"}}, limit: 1) { id } }';
    const asQam = await stack.gql<{ audit_log: unknown[] }>(
      { email: qam.email, password: qam.password },
      usersLog,
    );
    expect(asQam.data!.audit_log).toEqual([]);
    const asAdmin = await stack.gql<{ audit_log: unknown[] }>(
      { email: admin.email, password: admin.password },
      usersLog,
    );
    expect(asAdmin.data!.audit_log).toHaveLength(1);
    const outsiders = [world.pm, world.surveyors[0]!];
    await addPracticeRole(sql, other.practice.id, world.pm.id, 'PM');
    for (const user of outsiders) {
      for (const field of [
        'audit_log { id }',
        'audit_log_aggregate { aggregate { count } }',
        'audit_history(args: {subject: "practice", subject_id: 1}) { id }',
      ]) {
        const result = await stack.gql({ email: user.email, password: user.password }, `{ ${field} }`);
        expect(result.data ?? null, field).toBeNull();
        expect(result.errors?.[0]?.extensions?.code, field).toBe('validation-failed');
      }
    }
  });
});
