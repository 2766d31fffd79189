import { CLIENT_LOG_MAX_DATA_BYTES, CLIENT_LOG_PER_MINUTE } from '@portal/domain';
import { createUser, type TestUser } from '@portal/testkit/factories';
import { startTestStack, type TestStack } from '@portal/testkit/test-stack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const READ = `query { client_logs(order_by: { id: asc }) { severity data user_id user_agent } }`;

describe('POST /api/utils/log (spec 000 §7 client logging)', () => {
  let stack: TestStack;
  let pm: TestUser;
  let admin: TestUser;
  let qam: TestUser;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    pm = await createUser(stack.sql);
    admin = await createUser(stack.sql, { isAdmin: true });
    qam = await createUser(stack.sql, { isQam: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  const post = async (payload: unknown, who: TestUser | null = pm, headers: Record<string, string> = {}) =>
    stack.app.inject({
      method: 'POST',
      url: '/api/utils/log',
      payload: payload as Record<string, unknown>,
      headers: {
        ...(who ? { authorization: `Bearer ${await stack.tokenFor(who.email, who.password)}` } : {}),
        ...headers,
      },
    });
  const count = async () => (await stack.sql.query('select count(*)::int as n from client_logs')).rows[0].n;

  it("spec 000 §7: keeps a signed-in user's entry where only a provider admin reads it", async () => {
    const data = { message: 'Permission load failure', practiceId: 12, route: '/PracticeOverview/12/Staff' };
    const answer = await post({ severity: 'error', data }, pm, { 'user-agent': 'Chrome/140' });
    expect(answer.statusCode, answer.body).toBe(204);
    const asAdmin = await stack.gql<{ client_logs: unknown[] }>(admin, READ);
    expect(asAdmin.data?.client_logs).toEqual([
      { severity: 'error', data, user_id: pm.id, user_agent: 'Chrome/140' },
    ]);
    for (const who of [pm, qam]) {
      const refused = await stack.gql(who, READ);
      expect(refused.errors?.[0]?.message).toMatch(/client_logs/);
    }
  });

  it('refuses what it cannot keep: no token, a bad severity, too much data, extra fields', async () => {
    const before = await count();
    expect((await post({ severity: 'error', data: {} }, null)).statusCode).toBe(401);
    const badSeverity = await post({ severity: 'fatal', data: {} });
    expect([badSeverity.statusCode, badSeverity.json().fields]).toEqual([
      400,
      { severity: 'Choose a severity: debug, info, warning or error.' },
    ]);
    const big = await post({ severity: 'info', data: 'x'.repeat(CLIENT_LOG_MAX_DATA_BYTES) });
    expect([big.statusCode, big.json().fields]).toEqual([
      400,
      { data: `The log entry's data can be at most ${CLIENT_LOG_MAX_DATA_BYTES} bytes.` },
    ]);
    const huge = await post({ severity: 'info', data: 'x'.repeat(60_000) });
    expect(huge.statusCode).toBe(413);
    expect((await post({ severity: 'info', data: {}, userId: admin.id })).statusCode).toBe(400);
    expect((await post({ severity: 'info', data: 'a\u0000b' })).statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it(`takes at most ${CLIENT_LOG_PER_MINUTE} entries a minute from one user`, async () => {
    const chatty = await createUser(stack.sql);
    const before = await count();
    const answers: number[] = [];
    for (let i = 0; i <= CLIENT_LOG_PER_MINUTE; i += 1)
      answers.push((await post({ severity: 'debug', data: { i } }, chatty)).statusCode);
    expect(answers.filter((status) => status === 204)).toHaveLength(CLIENT_LOG_PER_MINUTE);
    expect(answers.at(-1)).toBe(429);
    expect(await count()).toBe(before + CLIENT_LOG_PER_MINUTE);
    // Another user is not held back.
    expect((await post({ severity: 'debug', data: {} }, pm)).statusCode).toBe(204);
  });
});
