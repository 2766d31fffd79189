import { createUser } from '@portal/testkit/factories';
import { createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { codeAt, enrol, firstStep, verify, wrongCodeFor } from '@portal/testkit/two-factor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The attacks on two-factor sign-in (docs/decisions/accounts-and-sessions.md "Two-factor
// sign-in"): guessing codes, replaying a used one, spending a recovery code twice, and forged,
// expired or reused challenges. Each test makes its own account and computes codes from its key.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const LOCKED = {
  code: 'factor_locked',
  message: 'Too many wrong codes. Please wait 15 minutes and try again.',
};

describe('two-factor sign-in attacks', () => {
  it('codes guessed by brute force lock the factor after 5 tries; the right code is then refused until the lock ends', async () => {
    const user = await createUser(t.sql);
    const { secret } = await enrol(t.app, user.email, user.password);
    const challenge = await firstStep(t.app, user.email, user.password);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(await verify(t.app, { challenge, code: wrongCodeFor(secret, i) }));
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 429]);
    expect(answers[0]!.json()).toMatchObject({ code: 'invalid_code', fields: { code: expect.any(String) } });
    expect(answers[4]!.json()).toEqual(LOCKED);
    // Locked: the right code, a recovery code and a new challenge change nothing.
    expect((await verify(t.app, { challenge, code: codeAt(secret, 1) })).json()).toEqual(LOCKED);
    const fresh = await firstStep(t.app, user.email, user.password);
    expect((await verify(t.app, { challenge: fresh, code: codeAt(secret, 1) })).statusCode).toBe(429);
    const { rows } = await t.sql.query(
      `select code_locked_until - now() between interval '14 minutes' and interval '15 minutes' as fifteen
         from public.user_factors where user_id = $1 and removed_at is null`,
      [user.id],
    );
    expect(rows[0].fifteen).toBe(true);
    // In PostgreSQL, so every replica sees it; once it has passed the right code works.
    await t.sql.query(
      `update public.user_factors set code_locked_until = now() - interval '1 second',
         code_failures_since = now() - interval '16 minutes' where user_id = $1`,
      [user.id],
    );
    expect((await verify(t.app, { challenge: fresh, code: codeAt(secret, 1) })).statusCode).toBe(200);
  });

  it('a code accepted once is refused again (replay), also with a new challenge', async () => {
    const user = await createUser(t.sql);
    const { secret } = await enrol(t.app, user.email, user.password);
    const code = codeAt(secret, 1);
    const first = await verify(t.app, { challenge: await firstStep(t.app, user.email, user.password), code });
    expect(first.statusCode).toBe(200);
    const replay = await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      code,
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_code');
    // The code of the set-up's confirmation is spent too.
    const older = await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      code: codeAt(secret, 0),
    });
    expect(older.statusCode).toBe(400);
  });

  it('a recovery code works once, in any case and spacing, and then never again', async () => {
    const user = await createUser(t.sql);
    const { recoveryCodes, headers } = await enrol(t.app, user.email, user.password);
    const code = recoveryCodes[3]!;
    const typed = ` ${code.toUpperCase().replaceAll('-', ' ')} `;
    const used = await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      recoveryCode: typed,
    });
    expect(used.statusCode).toBe(200);
    expect(used.json().user.id).toBe(user.id);
    const again = await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      recoveryCode: code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'invalid_code',
      fields: { recoveryCode: expect.any(String) },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/user/factors', headers });
    expect(list.json().recoveryCodesLeft).toBe(9);
    // Another account's recovery code is no code of this one.
    const other = await createUser(t.sql);
    const theirs = await enrol(t.app, other.email, other.password);
    const foreign = await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      recoveryCode: theirs.recoveryCodes[0]!,
    });
    expect(foreign.statusCode).toBe(400);
  });

  it('refuses a forged, an expired, a spent and another challenge shape, and both codes at once', async () => {
    const user = await createUser(t.sql);
    const { secret } = await enrol(t.app, user.email, user.password);
    const INVALID = { code: 'challenge_invalid', message: 'This sign-in has expired. Please sign in again.' };
    expect((await verify(t.app, { challenge: 'x'.repeat(43), code: codeAt(secret, 1) })).json()).toEqual(
      INVALID,
    );

    const expired = await firstStep(t.app, user.email, user.password);
    await t.sql.query(
      `update public.sign_in_challenges set expires_at = now() - interval '1 second' where user_id = $1`,
      [user.id],
    );
    expect((await verify(t.app, { challenge: expired, code: codeAt(secret, 1) })).json()).toEqual(INVALID);

    const challenge = await firstStep(t.app, user.email, user.password);
    expect((await verify(t.app, { challenge, code: codeAt(secret, 1) })).statusCode).toBe(200);
    expect((await verify(t.app, { challenge, code: codeAt(secret, 2) })).json()).toEqual(INVALID);

    const both = await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      code: codeAt(secret, 2),
      recoveryCode: 'abcd-efgh-ijkl-mnop',
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().code).toBe('invalid_input');
    const control = await verify(t.app, { challenge: 'a\u0000b', code: '123456' });
    expect(control.statusCode).toBe(400);
    const huge = await verify(t.app, { challenge: 'a'.repeat(5000), code: '123456' });
    expect(huge.statusCode).toBe(400);
  });

  it('a challenge of an account deactivated since the password step opens nothing', async () => {
    const user = await createUser(t.sql);
    const { secret } = await enrol(t.app, user.email, user.password);
    const challenge = await firstStep(t.app, user.email, user.password);
    await t.sql.query('update public.users set is_active = false where id = $1', [user.id]);
    expect((await verify(t.app, { challenge, code: codeAt(secret, 1) })).json().code).toBe(
      'challenge_invalid',
    );
  });
});

describe("two-factor sign-in in the audit log and the user's History", () => {
  it('records the factor added and removed, the recovery code used, sign-in with a factor and a wrong code, never a secret', async () => {
    const user = await createUser(t.sql);
    const { secret, recoveryCodes, headers, factorId } = await enrol(t.app, user.email, user.password);
    await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      code: wrongCodeFor(secret),
    });
    await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      code: codeAt(secret, 1),
    });
    await verify(t.app, {
      challenge: await firstStep(t.app, user.email, user.password),
      recoveryCode: recoveryCodes[0]!,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/user/factors/${factorId}/remove`,
      headers,
      payload: { password: user.password },
    });

    const { rows } = await t.sql.query(
      `select table_name, operation, changed_by_id, new_data, old_data from public.audit_log
        where table_name in ('user_factors', 'account_security_events') and row_id = $1 order by id`,
      [String(user.id)],
    );
    const events = rows
      .filter((r) => r.table_name === 'account_security_events')
      .map((r) => r.new_data.event);
    expect(events).toEqual([
      // enrol() signs in with the password first.
      'SIGNED_IN',
      'RECOVERY_CODES_ISSUED',
      'WRONG_CODE',
      'SIGNED_IN_WITH_FACTOR',
      'RECOVERY_CODE_USED',
      'SIGNED_IN_WITH_FACTOR',
      // Removing the factor ended the two sessions its sign-ins opened.
      'SESSION_ENDED',
    ]);
    const factorRows = rows.filter((r) => r.table_name === 'user_factors');
    expect(factorRows.map((r) => r.operation)).toEqual(['INSERT', 'UPDATE', 'UPDATE']);
    expect(factorRows[1].new_data.confirmed_at).not.toBeNull();
    expect(factorRows[2].new_data.removed_at).not.toBeNull();
    for (const row of rows) expect(row.changed_by_id).toBe(user.id);
    const text = JSON.stringify(rows);
    expect(text).not.toContain(secret);
    for (const key of ['totp_secret', 'code_hash', 'code_failures', 'last_code_step'])
      expect(text).not.toContain(key);

    // The back office reads it as the user's History.
    const admin = await createUser(t.sql, { isAdmin: true });
    const { accessToken } = await signIn(t.app, admin.email, admin.password);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/audit/user/${user.id}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(history.statusCode).toBe(200);
    const tables = history.json().entries.map((e: { tableName: string }) => e.tableName);
    expect(tables.filter((n: string) => n === 'account_security_events')).toHaveLength(7);
    expect(tables.filter((n: string) => n === 'user_factors')).toHaveLength(3);
    // The user themselves (no back-office role) does not read it.
    const own = await t.app.inject({ method: 'GET', url: `/api/audit/user/${user.id}`, headers });
    expect(own.statusCode).toBe(403);
  });
});
