import { createUser } from '@portal/testkit/factories';
import { createTestContext, refresh, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const RESET_SENT = {
  message: 'If an account exists for that e-mail, we have sent a link to reset the password.',
};
const RESET_INVALID = {
  code: 'reset_token_invalid',
  message: 'This reset link has expired or has already been used.',
};

const requestReset = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset', payload: { email } });
const confirm = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/reset/confirm', payload: { token, password } });
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

/** The token of the newest reset e-mail sent to an address. */
async function tokenFromMail(email: string): Promise<string> {
  const { rows } = await t.sql.query<{ text_body: string }>(
    `select text_body from public.email_outbox where to_address = $1 and template = 'password-reset'
      order by id desc limit 1`,
    [email],
  );
  const match = /http:\/\/portal\.test:3000\/Reset\?token=([\w-]+)/.exec(rows[0]?.text_body ?? '');
  if (!match) throw new Error(`no reset link in ${rows[0]?.text_body}`);
  return decodeURIComponent(match[1]!);
}

describe('password reset', () => {
  it('answers the same for a known and an unknown e-mail; only the known one gets mail', async () => {
    const user = await createUser(t.sql);
    const known = await requestReset(user.email);
    const unknown = await requestReset('never-registered@demo.test');
    for (const response of [known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(RESET_SENT);
    }
    const { rows } = await t.sql.query(
      'select to_address, subject, status from public.email_outbox where to_address in ($1, $2)',
      [user.email, 'never-registered@demo.test'],
    );
    expect(rows).toEqual([{ to_address: user.email, subject: 'Reset your password', status: 'PENDING' }]);
    const mail = await t.sql.query('select text_body from public.email_outbox where to_address = $1', [
      user.email,
    ]);
    expect(mail.rows[0].text_body).toContain('reset the password of your Connect account');
    const token = await tokenFromMail(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const { rows: stored } = await t.sql.query(
      `select expires_at - created_at as life from public.password_resets where token_hash = $1`,
      [sha256Hex(token)],
    );
    expect(stored[0].life.hours).toBe(1);
  });

  it('sets the new password, spends the token and signs out every session', async () => {
    const user = await createUser(t.sql);
    const session = await signIn(t.app, user.email, user.password);
    await requestReset(user.email);
    const token = await tokenFromMail(user.email);
    const response = await confirm(token, 'Brand-new-pass1');
    expect(response.statusCode).toBe(204);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'Brand-new-pass1')).statusCode).toBe(200);
    // The session from before the reset is gone.
    expect((await refresh(t.app, session)).statusCode).toBe(401);
    // Reuse of the token is refused.
    const again = await confirm(token, 'Other-new-pass1');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(RESET_INVALID);
  });

  it('refuses an expired token and an unknown one', async () => {
    const user = await createUser(t.sql);
    await requestReset(user.email);
    const token = await tokenFromMail(user.email);
    await t.sql.query(
      `update public.password_resets set created_at = now() - interval '2 hours', expires_at = now() - interval '1 hour'
        where token_hash = $1`,
      [sha256Hex(token)],
    );
    expect((await confirm(token, 'Brand-new-pass1')).json()).toEqual(RESET_INVALID);
    expect((await confirm('made-up', 'Brand-new-pass1')).json()).toEqual(RESET_INVALID);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('keeps one live link per account: a newer request ends the older links', async () => {
    const user = await createUser(t.sql);
    await requestReset(user.email);
    const older = await tokenFromMail(user.email);
    await requestReset(user.email);
    const newer = await tokenFromMail(user.email);
    expect(newer).not.toBe(older);
    // The older link no longer works, and trying it spends nothing of the newer one.
    expect((await confirm(older, 'Brand-new-pass1')).json()).toEqual(RESET_INVALID);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    // Both rows are kept: the older one marked superseded, the newer one open.
    const { rows } = await t.sql.query(
      `select token_hash = $2 as newest, used_at is null as unused, superseded_at is not null as superseded
         from public.password_resets where user_id = $1 order by id`,
      [user.id, sha256Hex(newer)],
    );
    expect(rows).toEqual([
      { newest: false, unused: true, superseded: true },
      { newest: true, unused: true, superseded: false },
    ]);
    expect((await confirm(newer, 'Brand-new-pass1')).statusCode).toBe(204);
    expect((await login(user.email, 'Brand-new-pass1')).statusCode).toBe(200);
  });

  it('holds one open link per account in the database, also for two requests at once', async () => {
    const user = await createUser(t.sql);
    const answers = await Promise.all([requestReset(user.email), requestReset(user.email)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202]);
    const { rows } = await t.sql.query(
      `select count(*)::int as open from public.password_resets
        where user_id = $1 and used_at is null and superseded_at is null`,
      [user.id],
    );
    expect(rows).toEqual([{ open: 1 }]);
    // A writer that skips the service cannot open a second link either.
    await expect(
      t.sql.query(
        `insert into public.password_resets (user_id, token_hash, expires_at)
         values ($1, 'second-open-link', now() + interval '1 hour')`,
        [user.id],
      ),
    ).rejects.toThrow(/password_resets_one_open_per_user_idx/);
  });

  it('applies the password rules to the new password', async () => {
    const response = await confirm('anything', 'short');
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ password: 'Min 8 characters' });
  });

  it('writes the token and the e-mail in one transaction (a failed send of the mail leaves no token)', async () => {
    const user = await createUser(t.sql);
    // A trigger that refuses this one e-mail makes the outbox insert fail inside the transaction.
    await t.sql.query(`
      create function public.test_refuse_mail() returns trigger language plpgsql as $$
      begin if new.to_address = '${user.email}' then raise exception 'outbox refused'; end if; return new; end $$;
      create trigger test_refuse_mail before insert on public.email_outbox for each row execute function public.test_refuse_mail();`);
    try {
      const response = await requestReset(user.email);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        code: 'internal',
        message: 'Something went wrong, please try again.',
      });
      const { rowCount } = await t.sql.query('select 1 from public.password_resets where user_id = $1', [
        user.id,
      ]);
      expect(rowCount).toBe(0);
    } finally {
      await t.sql.query(
        'drop trigger test_refuse_mail on public.email_outbox; drop function public.test_refuse_mail();',
      );
    }
  });

  it('the audit log records the user as the actor of the reset', async () => {
    const user = await createUser(t.sql);
    await requestReset(user.email);
    await confirm(await tokenFromMail(user.email), 'Brand-new-pass1');
    const { rows } = await t.sql.query(
      `select changed_by_id, changed_by_role, new_data ? 'password_hash' as leaked from public.audit_log
        where table_name = 'users' and row_id = $1 and operation = 'UPDATE'`,
      [String(user.id)],
    );
    expect(rows).toEqual([{ changed_by_id: user.id, changed_by_role: 'user', leaked: false }]);
  });

  it('lifts the sign-in lockout of the address', async () => {
    const user = await createUser(t.sql);
    for (let i = 0; i < 5; i++) await login(user.email, 'Wrong-pass-1');
    expect((await login(user.email, user.password)).statusCode).toBe(429);
    await requestReset(user.email);
    await confirm(await tokenFromMail(user.email), 'Brand-new-pass1');
    expect((await login(user.email, 'Brand-new-pass1')).statusCode).toBe(200);
  });
});

describe('POST /api/auth/change-password', () => {
  const change = (token: string | undefined, body: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      payload: body,
    });

  it('changes the password; other sessions end, this one stays', async () => {
    const user = await createUser(t.sql);
    const other = await signIn(t.app, user.email, user.password);
    const current = await signIn(t.app, user.email, user.password);
    const response = await change(current.accessToken, {
      oldPassword: user.password,
      newPassword: 'Changed-pass-1',
    });
    expect(response.statusCode).toBe(204);
    expect((await login(user.email, 'Changed-pass-1')).statusCode).toBe(200);
    expect((await refresh(t.app, other)).statusCode).toBe(401);
    expect((await refresh(t.app, current)).statusCode).toBe(200);
  });

  it('a wrong old password is a field error and changes nothing', async () => {
    const user = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, user.email, user.password);
    const response = await change(accessToken, {
      oldPassword: 'Not-my-pass-1',
      newPassword: 'Changed-pass-1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'wrong_password',
      fields: { oldPassword: 'The current password is incorrect.' },
    });
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('needs a signed-in user and a valid new password', async () => {
    expect((await change(undefined, { oldPassword: 'a', newPassword: 'Changed-pass-1' })).statusCode).toBe(
      401,
    );
    const user = await createUser(t.sql);
    const { accessToken } = await signIn(t.app, user.email, user.password);
    const response = await change(accessToken, { oldPassword: user.password, newPassword: 'x'.repeat(17) });
    expect(response.json().fields).toEqual({ newPassword: 'Max 16 characters' });
  });
});
