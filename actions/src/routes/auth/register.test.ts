import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInvitation, createPractice, createStaff, createUser } from '../../test-support/factories.ts';
import { cookieOf, createTestContext, type TestContext } from '../../test-support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

let n = 0;
const person = (overrides: Record<string, unknown> = {}) => ({
  email: `new-${n++}-${Date.now()}@demo.test`,
  password: 'Fresh-pass-12',
  firstName: 'Jordan',
  lastName: 'Lee',
  ...overrides,
});
const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const INVITATION_INVALID = {
  code: 'invitation_invalid',
  message: 'This invitation link has expired or has already been used.',
};
const INVITATION_EXPIRED = {
  code: 'invitation_invalid',
  message: 'This invitation has expired. Please ask the practice to send you a new one.',
};

describe('POST /api/auth/register', () => {
  it('without an invitation: creates a new user and signs them in', async () => {
    const body = person({ email: 'Mixed.Case@Demo.Test' });
    const response = await register(body);
    expect(response.statusCode).toBe(201);
    const json = response.json();
    expect(json.user).toMatchObject({ email: 'mixed.case@demo.test', name: 'Jordan Lee', practices: [] });
    expect(json.user.flags.newUser).toBe(true);
    expect(json.accessToken).toEqual(expect.any(String));
    expect(cookieOf(response, 'portal_refresh')?.maxAge).toBe(28800);
    // The new password signs in.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'mixed.case@demo.test', password: body.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('applies the password rules with the spec messages', async () => {
    const short = await register(person({ password: 'short' }));
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ password: 'Min 8 characters' });
    const long = await register(person({ password: 'x'.repeat(17) }));
    expect(long.json().fields).toEqual({ password: 'Max 16 characters' });
    const missing = await register(person({ firstName: '' }));
    expect(missing.json().fields).toEqual({ firstName: 'Required.' });
  });

  it('refuses an e-mail that is already registered, without changing the account', async () => {
    const existing = await createUser(t.sql);
    const response = await register(person({ email: existing.email }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'email_unavailable',
      message:
        'An account cannot be created with this e-mail address. If you already have one, sign in or reset your password.',
      fields: { email: 'An account cannot be created with this e-mail address.' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: existing.email, password: existing.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('with an invitation: user, accepted invitation, linked staff and practice role in one go', async () => {
    const practice = await createPractice(t.sql);
    const staffId = await createStaff(t.sql, practice.id);
    const invitation = await createInvitation(t.sql, practice.id, { role: 'PM', practiceStaffId: staffId });
    const response = await register(person({ email: invitation.email, invitationToken: invitation.token }));
    expect(response.statusCode).toBe(201);
    const user = response.json().user;
    expect(user.practices).toEqual([{ id: practice.id, name: practice.name, roles: ['PM'] }]);
    expect(user.flags).toMatchObject({ newUser: false, isPracticeManager: true, singlePractice: true });
    const { rows } = await t.sql.query(
      `select i.status, i.accepted_user_id, i.responded_at is not null as responded, s.user_id as staff_user
         from public.invitations i join public.practice_staff s on s.id = i.practice_staff_id where i.id = $1`,
      [invitation.id],
    );
    expect(rows[0]).toEqual({
      status: 'ACCEPTED',
      accepted_user_id: user.id,
      responded: true,
      staff_user: user.id,
    });
  });

  it('refuses an expired, used, revoked or unknown invitation, and creates nothing', async () => {
    const practice = await createPractice(t.sql);
    const expired = await createInvitation(t.sql, practice.id, { expiresInSeconds: -60 });
    const revoked = await createInvitation(t.sql, practice.id, { status: 'REVOKED' });
    // One code for every reason (the invite page recognises it); the message says which.
    const attempts = [
      [person({ email: expired.email, invitationToken: expired.token }), INVITATION_EXPIRED],
      [person({ email: revoked.email, invitationToken: revoked.token }), INVITATION_INVALID],
      [person({ invitationToken: 'no-such-token' }), INVITATION_INVALID],
    ] as const;
    for (const [attempt, expected] of attempts) {
      const response = await register(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(expected);
      const { rowCount } = await t.sql.query('select 1 from public.users where email = $1', [attempt.email]);
      expect(rowCount).toBe(0);
    }
  });

  it('an invitation works once', async () => {
    const practice = await createPractice(t.sql);
    const invitation = await createInvitation(t.sql, practice.id, { role: 'SU' });
    const first = await register(person({ email: invitation.email, invitationToken: invitation.token }));
    expect(first.statusCode).toBe(201);
    expect(first.json().user.flags.surveyor).toBe(true);
    const again = await register(person({ invitationToken: invitation.token }));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'invitation_invalid',
      message: 'This invitation has already been used. Please sign in to open the practice.',
    });
  });

  it('needs the e-mail the invitation was sent to', async () => {
    const practice = await createPractice(t.sql);
    const invitation = await createInvitation(t.sql, practice.id);
    const response = await register(person({ invitationToken: invitation.token }));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      email: 'Please use the e-mail address the invitation was sent to.',
    });
    const { rows } = await t.sql.query('select status from public.invitations where id = $1', [
      invitation.id,
    ]);
    expect(rows[0].status).toBe('INVITED');
  });

  it('the audit log records the new user as the actor of their registration', async () => {
    const practice = await createPractice(t.sql);
    const invitation = await createInvitation(t.sql, practice.id);
    const response = await register(person({ email: invitation.email, invitationToken: invitation.token }));
    const userId = response.json().user.id;
    const { rows } = await t.sql.query<{
      table_name: string;
      operation: string;
      changed_by_id: number;
      changed_by_role: string;
    }>(
      `select table_name, operation, changed_by_id, changed_by_role from public.audit_log
        where changed_by_id = $1 and table_name in ('users', 'invitations', 'practice_users') order by id`,
      [userId],
    );
    expect(rows.map((r) => `${r.table_name} ${r.operation}`)).toEqual(
      expect.arrayContaining(['users INSERT', 'invitations UPDATE', 'practice_users INSERT']),
    );
    expect(rows.every((r) => r.changed_by_role === 'user')).toBe(true);
    // Secrets never reach the log.
    const { rows: logged } = await t.sql.query(
      `select new_data from public.audit_log where table_name = 'users' and row_id = $1`,
      [String(userId)],
    );
    expect(JSON.stringify(logged)).not.toContain('scrypt$');
  });
});
