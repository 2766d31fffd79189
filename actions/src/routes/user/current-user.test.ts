import { addPracticeRole, createPractice, createUser, type UserOverrides } from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function currentUser(overrides: UserOverrides, roles: Array<[number, 'PM' | 'SU']> = []) {
  const user = await createUser(t.sql, { firstName: 'Sarah', lastName: 'Mitchell', ...overrides });
  for (const [practiceId, role] of roles) await addPracticeRole(t.sql, practiceId, user.id, role);
  const { accessToken } = await signIn(t.app, user.email, user.password);
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/user/current',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.statusCode).toBe(200);
  return { user, body: response.json() };
}

describe('GET /api/user/current', () => {
  it('a practice manager of one practice', async () => {
    const practice = await createPractice(t.sql, { name: 'Harbourside Family Practice' });
    const { user, body } = await currentUser({}, [[practice.id, 'PM']]);
    expect(body).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Sarah',
      lastName: 'Mitchell',
      title: null,
      name: 'Sarah Mitchell',
      avatarUrl: null,
      flags: {
        staff: false,
        surveyor: false,
        admin: false,
        superadmin: false,
        qam: false,
        singlePractice: true,
        newUser: false,
        isPracticeManager: true,
        hasSpecialAccess: false,
      },
      practices: [{ id: practice.id, name: 'Harbourside Family Practice', roles: ['PM'] }],
      mustEnrolTwoFactor: false,
    });
  });

  it('a surveyor on two practices; roles on inactive practices do not count', async () => {
    const a = await createPractice(t.sql, { name: 'A practice' });
    const b = await createPractice(t.sql, { name: 'B practice' });
    const gone = await createPractice(t.sql, { name: 'C practice', activeStatus: 'INACTIVE' });
    const { body } = await currentUser({}, [
      [a.id, 'SU'],
      [b.id, 'SU'],
      [b.id, 'PM'],
      [gone.id, 'PM'],
    ]);
    expect(body.flags).toMatchObject({
      surveyor: true,
      isPracticeManager: true,
      singlePractice: false,
      newUser: false,
    });
    expect(body.practices).toEqual([
      { id: a.id, name: 'A practice', roles: ['SU'] },
      { id: b.id, name: 'B practice', roles: ['PM', 'SU'] },
    ]);
  });

  it('a surveyor by account flag, with no practice yet', async () => {
    const { body } = await currentUser({ isSurveyor: true });
    expect(body.flags).toMatchObject({ surveyor: true, newUser: true, isPracticeManager: false });
  });

  it('an admin (and super admin, staff, special access) is never a new user', async () => {
    const { body } = await currentUser({ isSuperadmin: true, isStaff: true, hasSpecialAccess: true });
    expect(body.flags).toMatchObject({
      admin: true,
      superadmin: true,
      staff: true,
      hasSpecialAccess: true,
      newUser: false,
      singlePractice: false,
    });
  });

  it('a new user has no practices and is not admin', async () => {
    const { body } = await currentUser({});
    expect(body.flags).toMatchObject({
      newUser: true,
      singlePractice: false,
      isPracticeManager: false,
      admin: false,
    });
    expect(body.practices).toEqual([]);
  });

  it('a deactivated user with a still-valid access token is refused', async () => {
    const user = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, user.email, user.password);
    await t.sql.query('update public.users set is_active = false where id = $1', [user.id]);
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/user/current',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.statusCode).toBe(401);
  });
});
