import { createUser } from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Everything about signing in is in the user's History (docs/decisions/accounts-and-sessions.md,
// "Sign-in audited"): success with a password, a wrong password, with the address.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: '203.0.113.5',
  });

async function eventsOf(userId: number) {
  const { rows } = await t.sql.query(
    `select changed_by_id, new_data->>'event' as event, new_data->>'method' as method,
            new_data->>'ip_address' as ip
       from audit_log where table_name = 'account_security_events' and row_id = $1 order by id`,
    [String(userId)],
  );
  return rows;
}

describe('sign-in in the audit log and the user’s History', () => {
  it('spec-silent (accounts-and-sessions "Sign-in audited"): a password sign-in and a wrong password are recorded with the address; the answers stay the same', async () => {
    const user = await createUser(t.sql);
    const wrong = await login(user.email, 'Wrong-pass-1');
    const unknown = await login(`nobody-${user.id}@demo.test`, 'Wrong-pass-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect((await login(user.email, user.password)).statusCode).toBe(200);

    expect(await eventsOf(user.id)).toEqual([
      { changed_by_id: null, event: 'SIGN_IN_FAILED', method: 'password', ip: '203.0.113.5' },
      { changed_by_id: user.id, event: 'SIGNED_IN', method: 'password', ip: '203.0.113.5' },
    ]);

    const admin = await createUser(t.sql, { isAdmin: true });
    const { accessToken } = await signIn(t.app, admin.email, admin.password);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/audit/user/${user.id}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(history.statusCode).toBe(200);
    const tables = history.json().entries.map((e: { tableName: string }) => e.tableName);
    expect(tables.filter((n: string) => n === 'account_security_events')).toHaveLength(2);
  });
});
