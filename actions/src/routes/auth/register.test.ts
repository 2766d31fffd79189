import { createInvitation, createPractice, createStaff, createUser } from '@portal/testkit/factories';
import { cookieOf, createTestContext, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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
const confirm = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register/confirm', payload: { token } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const userCount = async (email: string) =>
  (await t.sql.query('select 1 from public.users where email = $1', [email])).rowCount;
const mailsTo = async (email: string) =>
  (
    await t.sql.query<{ template: string; text_body: string }>(
      'select template, text_body from public.email_outbox where to_address = $1 order by id',
      [email],
    )
  ).rows;
/** The tokens of the confirmation links mailed to the address, oldest first. */
const linkTokensFor = async (email: string) =>
  (await mailsTo(email))
    .filter((mail) => mail.template === 'registration-confirm')
    .map((mail) => {
      const match = /\/ConfirmEmail\?token=([\w-]+)/.exec(mail.text_body);
      if (!match) throw new Error(`no confirmation link in: ${mail.text_body}`);
      return decodeURIComponent(match[1]!);
    });
const linkTokenFor = async (email: string) => (await linkTokensFor(email)).at(-1)!;
const REQUESTED = 'Check your inbox: we have sent an e-mail to that address with the next step.';
const LINK_INVALID = {
  code: 'registration_link_invalid',
  message:
    'This sign-up link has expired or has already been used. Sign in, or sign up again for a new link.',
};
const INVITATION_INVALID = {
  code: 'invitation_invalid',
  message: 'This invitation link has expired or has already been used.',
};
const INVITATION_EXPIRED = {
  code: 'invitation_invalid',
  message: 'This invitation has expired. Please ask the practice to send you a new one.',
};

describe('POST /api/auth/register', () => {
  it('without an invitation: creates nothing yet and mails a link; the link creates the user and signs them in', async () => {
    const body = person({ email: 'Mixed.Case@Demo.Test' });
    const response = await register(body);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ message: REQUESTED });
    expect(response.cookies).toEqual([]);
    expect(await userCount('mixed.case@demo.test')).toBe(0);
    // Not usable before the address is confirmed.
    expect((await login('mixed.case@demo.test', body.password)).statusCode).toBe(401);

    const token = await linkTokenFor('mixed.case@demo.test');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(201);
    const json = confirmed.json();
    expect(json.user).toMatchObject({ email: 'mixed.case@demo.test', name: 'Jordan Lee', practices: [] });
    expect(json.user.flags.newUser).toBe(true);
    expect(json.accessToken).toEqual(expect.any(String));
    expect(cookieOf(confirmed, 'portal_refresh')?.maxAge).toBe(28800);
    // The new password signs in; the link works once.
    expect((await login('mixed.case@demo.test', body.password)).statusCode).toBe(200);
    expect((await confirm(token)).json()).toEqual(LINK_INVALID);
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

  it('answers an existing address exactly like a new one, and mails its owner instead', async () => {
    const existing = await createUser(t.sql, { firstName: 'Priya' });
    const outboxBefore = await mailsTo(existing.email);
    const known = await register(person({ email: existing.email, password: 'Other-pass-12' }));
    const fresh = await register(person());
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.json()).toEqual(fresh.json());
    expect(known.cookies).toEqual(fresh.cookies);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    // Nothing about the account changed, and nothing is pending for the address.
    expect((await login(existing.email, existing.password)).statusCode).toBe(200);
    expect((await login(existing.email, 'Other-pass-12')).statusCode).toBe(401);
    const pending = await t.sql.query('select 1 from public.pending_registrations where email = $1', [
      existing.email,
    ]);
    expect(pending.rowCount).toBe(0);
    // The owner hears about it, with the way in.
    const mails = (await mailsTo(existing.email)).slice(outboxBefore.length);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.template).toBe('registration-existing-account');
    expect(mails[0]!.text_body).toContain('Hello Priya,');
    expect(mails[0]!.text_body).toContain('tried to create a Connect account with this e-mail address');
    expect(mails[0]!.text_body).toContain('http://portal.test:3000/Login');
    expect(mails[0]!.text_body).toContain('http://portal.test:3000/Reset');
  });

  it('takes about as long for an existing address as for a new one', async () => {
    const existing = await createUser(t.sql);
    const time = async (email: string) => {
      const start = performance.now();
      await register(person({ email }));
      return performance.now() - start;
    };
    await time(existing.email);
    // Interleaved, and compared by their medians, so a busy machine slows both alike.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 4; i++) {
      known.push(await time(existing.email));
      unknown.push(await time(`fresh-${i}-${Date.now()}@demo.test`));
    }
    const median = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return (sorted[1]! + sorted[2]!) / 2;
    };
    // Both hash one password (tens of ms); without it the existing address took ~1 ms.
    expect(median(known)).toBeGreaterThan(median(unknown) * 0.5);
  });

  it("someone typing another person's new address gets nowhere; the owner's link wins", async () => {
    const email = `owner-${Date.now()}@demo.test`;
    await register(person({ email, password: 'Intruder-pass1', firstName: 'Mallory' }));
    await register(person({ email, password: 'Owners-pass-12', firstName: 'Olivia' }));
    const [intruderToken, ownerToken] = await linkTokensFor(email);
    // The owner opens their own link (the second): their names and password.
    const confirmed = await confirm(ownerToken!);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().user.name).toBe('Olivia Lee');
    expect((await login(email, 'Owners-pass-12')).statusCode).toBe(200);
    expect((await login(email, 'Intruder-pass1')).statusCode).toBe(401);
    // Every other pending sign-up of the address is gone with it.
    expect((await confirm(intruderToken!)).json()).toEqual(LINK_INVALID);
  });

  it('refuses unknown and expired links, and creates nothing', async () => {
    const email = `late-${Date.now()}@demo.test`;
    await register(person({ email }));
    const token = await linkTokenFor(email);
    await t.sql.query(
      `update public.pending_registrations set created_at = now() - interval '2 days', expires_at = now() - interval '1 day'
        where email = $1`,
      [email],
    );
    for (const attempt of [token, 'no-such-token']) {
      const response = await confirm(attempt);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(LINK_INVALID);
    }
    expect(await userCount(email)).toBe(0);
  });

  it('sends at most 5 sign-up e-mails per address and hour', async () => {
    const existing = await createUser(t.sql);
    const email = `flood-${Date.now()}@demo.test`;
    for (let i = 0; i < 7; i++) {
      expect((await register(person({ email }))).statusCode).toBe(202);
      expect((await register(person({ email: existing.email }))).statusCode).toBe(202);
    }
    expect(await mailsTo(email)).toHaveLength(5);
    expect(await mailsTo(existing.email)).toHaveLength(5);
  });

  it('with a made-up invitation, says nothing about whether the address has an account', async () => {
    const existing = await createUser(t.sql);
    const response = await register(person({ email: existing.email, invitationToken: 'no-such-token' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVITATION_INVALID);
  });

  it('with a real invitation to an address that has an account, says to sign in instead', async () => {
    const practice = await createPractice(t.sql);
    const existing = await createUser(t.sql);
    const invitation = await createInvitation(t.sql, practice.id, { email: existing.email });
    const response = await register(person({ email: existing.email, invitationToken: invitation.token }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'email_unavailable',
      message:
        'An account cannot be created with this e-mail address. If you already have one, sign in or reset your password.',
      fields: { email: 'An account cannot be created with this e-mail address.' },
    });
    expect((await login(existing.email, existing.password)).statusCode).toBe(200);
    const { rows } = await t.sql.query('select status from public.invitations where id = $1', [
      invitation.id,
    ]);
    expect(rows[0].status).toBe('INVITED');
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
