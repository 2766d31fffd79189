import { createUser } from '@portal/testkit/factories';
import {
  enrolPasskey,
  passkeyOptions,
  passkeySignInOptions,
  registerPasskey,
  SoftAuthenticator,
  TEST_APP_ORIGIN,
} from '@portal/testkit/passkeys';
import { cookieOf, createTestContext, signIn, type TestContext } from '@portal/testkit/test-app';
import { codeAt, enrol, verify, wrongCodeFor } from '@portal/testkit/two-factor';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Passkeys as a second factor (docs/decisions/accounts-and-sessions.md, "Passkeys"): registered
// and used through the real routes with a software authenticator (an ES256 key of Node's crypto);
// the attacks forge its answers (challenge, origin, RP ID, credential, counter) and check that
// nothing changed.
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const REFUSED = {
  code: 'passkey_refused',
  message: 'Your passkey was not accepted. Try again, or use another way to sign in.',
};
const NOT_REGISTERED = {
  code: 'invalid_input',
  message: 'The passkey could not be registered. Please try again.',
};

/** The password step: its challenge and the ways it offers. */
async function firstStepOf(user: { email: string; password: string }) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { challenge: string; methods: string[] };
}

/** The sign-in options of the second step with a passkey. */
async function signInOptions(challenge: string) {
  const response = await passkeySignInOptions(t.app, challenge);
  expect(response.statusCode).toBe(200);
  return response.json() as { challenge: string; rpId: string; allowCredentials: Array<{ id: string }> };
}

/** The passkey's row: its counter and when it was last used (what a refused answer must not move). */
async function passkeyState(factorId: number) {
  const { rows } = await t.sql.query(
    'select passkey_sign_count::int as count, last_code_at, removed_at from user_factors where id = $1',
    [factorId],
  );
  return rows[0] as { count: number; last_code_at: Date | null; removed_at: Date | null };
}

function expectRefusedWithoutSession(response: LightMyRequestResponse) {
  expect([response.statusCode, response.json()]).toEqual([400, REFUSED]);
  expect(cookieOf(response, 'portal_refresh')).toBeUndefined();
}

describe('passkeys', () => {
  it('registers a named passkey, lists it, and signs in with it after the password; audited, never its key', async () => {
    const user = await createUser(t.sql);
    const { authenticator, factorId, recoveryCodes, headers } = await enrolPasskey(
      t.app,
      user.email,
      user.password,
      'YubiKey',
    );
    // The account's first factor brings the ten recovery codes.
    expect(recoveryCodes).toHaveLength(10);
    const listed = await t.app.inject({ method: 'GET', url: '/api/user/factors', headers });
    expect(listed.json()).toEqual({
      factors: [
        { id: factorId, kind: 'passkey', label: 'YubiKey', addedAt: expect.any(String), lastUsedAt: null },
      ],
      recoveryCodesLeft: 10,
    });

    const { challenge, methods } = await firstStepOf(user);
    expect(methods).toEqual(['passkey', 'recovery_code']);
    const options = await signInOptions(challenge);
    expect(options).toMatchObject({ rpId: 'portal.test', userVerification: 'preferred' });
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const signedIn = await verify(t.app, { challenge, passkey: authenticator.assert(options) } as never);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(user.id);
    expect(cookieOf(signedIn, 'portal_refresh')).toMatchObject({
      value: expect.stringMatching(/^\S{16,}$/),
      httpOnly: true,
    });
    const state = await passkeyState(factorId);
    expect(state.count).toBe(1);
    expect(state.last_code_at).not.toBeNull();

    // A second passkey beside it: the recovery codes the user saved stay.
    const second = new SoftAuthenticator(TEST_APP_ORIGIN);
    const again = await passkeyOptions(t.app, { authorization: `Bearer ${signedIn.json().accessToken}` });
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
    const added = await registerPasskey(
      t.app,
      { authorization: `Bearer ${signedIn.json().accessToken}` },
      '  Work laptop ',
      second.register(again),
    );
    expect([added.statusCode, added.json().recoveryCodes]).toEqual([201, []]);

    const { rows } = await t.sql.query(
      `select table_name, new_data from audit_log
        where table_name in ('user_factors', 'account_security_events') and row_id = $1 order by id`,
      [String(user.id)],
    );
    const factorRows = rows.filter((r) => r.table_name === 'user_factors').map((r) => r.new_data);
    expect(factorRows.map((r) => [r.kind, r.label])).toEqual([
      ['passkey', 'YubiKey'],
      ['passkey', 'Work laptop'],
    ]);
    const events = rows.filter((r) => r.table_name === 'account_security_events').map((r) => r.new_data);
    expect(events.map((e) => `${e.event} ${e.method}`)).toContain('SIGNED_IN_WITH_FACTOR passkey');
    const text = JSON.stringify(rows);
    for (const key of ['passkey_public_key', 'passkey_sign_count']) expect(text).not.toContain(key);
  });

  it('attack: a WebAuthn challenge is good for one answer: a replayed answer and a second try are refused, nothing changes', async () => {
    const user = await createUser(t.sql);
    const { authenticator, factorId } = await enrolPasskey(t.app, user.email, user.password);
    const first = await firstStepOf(user);
    const options = await signInOptions(first.challenge);
    const answer = authenticator.assert(options);
    expect((await verify(t.app, { challenge: first.challenge, passkey: answer } as never)).statusCode).toBe(
      200,
    );
    const after = await passkeyState(factorId);

    // The same answer again, with a new password step: its challenge was spent (and was another sign-in's).
    const next = await firstStepOf(user);
    expectRefusedWithoutSession(await verify(t.app, { challenge: next.challenge, passkey: answer } as never));
    // A wrong answer spends the challenge too: the right one to the same options is then refused.
    const options2 = await signInOptions(next.challenge);
    const forged = authenticator.assert(options2, { origin: 'https://evil.example' });
    expectRefusedWithoutSession(await verify(t.app, { challenge: next.challenge, passkey: forged } as never));
    const right = authenticator.assert(options2);
    expectRefusedWithoutSession(await verify(t.app, { challenge: next.challenge, passkey: right } as never));
    expect(await passkeyState(factorId)).toEqual(after);
    // New options give a new challenge, and the password step's challenge is still good.
    const options3 = await signInOptions(next.challenge);
    const ok = await verify(t.app, {
      challenge: next.challenge,
      passkey: authenticator.assert(options3),
    } as never);
    expect(ok.statusCode).toBe(200);
  });

  it("attack: another user's challenge or credential is refused, nothing changes", async () => {
    const alice = await createUser(t.sql);
    const bob = await createUser(t.sql);
    const a = await enrolPasskey(t.app, alice.email, alice.password);
    const b = await enrolPasskey(t.app, bob.email, bob.password);
    const aliceStep = await firstStepOf(alice);
    const bobStep = await firstStepOf(bob);
    const bobOptions = await signInOptions(bobStep.challenge);
    // Alice's key signs over Bob's WebAuthn challenge, sent with Alice's password step.
    expectRefusedWithoutSession(
      await verify(t.app, {
        challenge: aliceStep.challenge,
        passkey: a.authenticator.assert(bobOptions),
      } as never),
    );
    // Alice's key on Bob's sign-in: not one of Bob's passkeys.
    const bobOptions2 = await signInOptions(bobStep.challenge);
    expectRefusedWithoutSession(
      await verify(t.app, {
        challenge: bobStep.challenge,
        passkey: a.authenticator.assert(bobOptions2),
      } as never),
    );
    // Alice's credential id with a key that is not hers (a forged signature).
    const aliceOptions = await signInOptions(aliceStep.challenge);
    const impostor = Object.assign(new SoftAuthenticator(TEST_APP_ORIGIN), { id: a.authenticator.id });
    expectRefusedWithoutSession(
      await verify(t.app, {
        challenge: aliceStep.challenge,
        passkey: impostor.assert(aliceOptions),
      } as never),
    );
    expect((await passkeyState(a.factorId)).count).toBe(0);
    expect((await passkeyState(b.factorId)).count).toBe(0);
    // Refused answers are in the History.
    const { rows } = await t.sql.query(
      `select count(*)::int as n from account_security_events where event = 'PASSKEY_REFUSED' and user_id = any($1)`,
      [[alice.id, bob.id]],
    );
    expect(rows[0].n).toBe(3);
  });

  it('attack: an answer made on another origin or for another RP ID is refused, at sign-in and at registration', async () => {
    const user = await createUser(t.sql);
    const { authenticator, factorId, headers } = await enrolPasskey(t.app, user.email, user.password);
    const step = await firstStepOf(user);
    for (const forgery of [
      { origin: 'https://portal.test.evil.example' },
      { origin: 'http://portal.test:3001' },
      { rpId: 'evil.example' },
    ]) {
      const options = await signInOptions(step.challenge);
      expectRefusedWithoutSession(
        await verify(t.app, {
          challenge: step.challenge,
          passkey: authenticator.assert(options, forgery),
        } as never),
      );
    }
    expect((await passkeyState(factorId)).count).toBe(0);

    const other = new SoftAuthenticator(TEST_APP_ORIGIN);
    for (const forgery of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }]) {
      const options = await passkeyOptions(t.app, headers);
      const response = await registerPasskey(t.app, headers, 'Phone', other.register(options, forgery));
      expect([response.statusCode, response.json()]).toEqual([400, NOT_REGISTERED]);
    }
    const { rows } = await t.sql.query('select count(*)::int as n from user_factors where user_id = $1', [
      user.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('attack: a signature counter that does not go up (a cloned key) is refused, nothing changes', async () => {
    const user = await createUser(t.sql);
    const { authenticator, factorId } = await enrolPasskey(t.app, user.email, user.password);
    const step = await firstStepOf(user);
    const ok = authenticator.assert(await signInOptions(step.challenge), { counter: 5 });
    expect((await verify(t.app, { challenge: step.challenge, passkey: ok } as never)).statusCode).toBe(200);
    const after = await passkeyState(factorId);
    expect(after.count).toBe(5);
    const next = await firstStepOf(user);
    for (const counter of [3, 5, 0]) {
      const clone = authenticator.assert(await signInOptions(next.challenge), { counter });
      expectRefusedWithoutSession(
        await verify(t.app, { challenge: next.challenge, passkey: clone } as never),
      );
    }
    expect(await passkeyState(factorId)).toEqual(after);
  });

  it("attack: registration refuses a spent, missing or other user's challenge, and a credential id already registered", async () => {
    const user = await createUser(t.sql);
    const other = await createUser(t.sql);
    const mine = await signIn(t.app, user.email, user.password);
    const theirs = await signIn(t.app, other.email, other.password);
    const headers = { authorization: `Bearer ${mine.accessToken}` };
    const theirHeaders = { authorization: `Bearer ${theirs.accessToken}` };
    const key = new SoftAuthenticator(TEST_APP_ORIGIN);
    // No options asked for: no challenge of this user.
    const made = key.register({ challenge: 'A'.repeat(43), rp: { id: 'portal.test' } });
    expect((await registerPasskey(t.app, headers, 'Key', made)).json()).toEqual(NOT_REGISTERED);
    // Another user's options.
    const theirOptions = await passkeyOptions(t.app, theirHeaders);
    expect((await registerPasskey(t.app, headers, 'Key', key.register(theirOptions))).json()).toEqual(
      NOT_REGISTERED,
    );
    // Their challenge is untouched by that: they register with it.
    expect((await registerPasskey(t.app, theirHeaders, 'Key', key.register(theirOptions))).statusCode).toBe(
      201,
    );
    // The same credential id for a second account: refused (credential ids are unique).
    const options = await passkeyOptions(t.app, headers);
    const duplicate = await registerPasskey(t.app, headers, 'Key', key.register(options));
    expect([duplicate.statusCode, duplicate.json().message]).toEqual([
      409,
      'This passkey is already registered.',
    ]);
    // A spent challenge: the options' answer again.
    const options2 = await passkeyOptions(t.app, headers);
    const fresh = new SoftAuthenticator(TEST_APP_ORIGIN);
    const answer = fresh.register(options2);
    expect((await registerPasskey(t.app, headers, 'Key', answer)).statusCode).toBe(201);
    expect((await registerPasskey(t.app, headers, 'Key 2', answer)).json()).toEqual(NOT_REGISTERED);
    const { rows } = await t.sql.query(
      'select user_id, count(*)::int as n from user_factors where user_id = any($1) group by user_id order by user_id',
      [[user.id, other.id]],
    );
    expect(rows.map((r) => r.n)).toEqual([1, 1]);
  });

  it('attack: refuses no token, bad names, malformed and oversized answers, and options without a password step', async () => {
    const user = await createUser(t.sql);
    const { headers, authenticator } = await enrolPasskey(t.app, user.email, user.password);
    const options = await t.app.inject({ method: 'POST', url: '/api/user/factors/passkey/options' });
    expect(options.statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/user/factors/passkey',
      headers: { authorization: 'Bearer forged.token.value' },
      payload: {},
    });
    expect(forged.statusCode).toBe(401);
    const valid = authenticator.register(await passkeyOptions(t.app, headers));
    for (const [name, credential] of [
      ['', valid],
      ['x'.repeat(61), valid],
      ['Key\u0007', valid],
      ['Key', { ...valid, response: { ...valid.response, attestationObject: 'a'.repeat(20_000) } }],
      ['Key', { ...valid, type: 'other' }],
      ['Key', 'not an object'],
    ] as const) {
      const response = await registerPasskey(t.app, headers, name, credential);
      expect([name.slice(0, 8), response.statusCode]).toEqual([name.slice(0, 8), 400]);
    }
    // Sign-in options need a live password step, of an account with a passkey.
    for (const challenge of ['x'.repeat(43), 'a'.repeat(101)])
      expect((await passkeySignInOptions(t.app, challenge)).statusCode).toBe(400);
    const totpOnly = await createUser(t.sql);
    await enrol(t.app, totpOnly.email, totpOnly.password);
    const step = await firstStepOf(totpOnly);
    expect(step.methods).toEqual(['totp', 'recovery_code']);
    expect((await passkeySignInOptions(t.app, step.challenge)).json().code).toBe('challenge_invalid');
  });

  it("removing a passkey needs the password: without it, or a wrong one, or another user's id, nothing changes", async () => {
    const user = await createUser(t.sql);
    const other = await createUser(t.sql);
    const { factorId, headers } = await enrolPasskey(t.app, user.email, user.password);
    const theirs = await enrolPasskey(t.app, other.email, other.password);
    const remove = (id: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/user/factors/${id}/remove`, headers, payload });
    expect((await remove(factorId, {})).statusCode).toBe(400);
    expect((await remove(factorId, { password: 'not-the-password' })).json().code).toBe('wrong_password');
    expect((await remove(theirs.factorId, { password: user.password })).statusCode).toBe(404);
    expect((await passkeyState(factorId)).removed_at).toBeNull();
    expect((await passkeyState(theirs.factorId)).removed_at).toBeNull();
    expect((await remove(factorId, { password: user.password })).statusCode).toBe(204);
    expect((await passkeyState(factorId)).removed_at).not.toBeNull();
    // The account's last factor: the password alone signs in again, the recovery codes are gone.
    expect((await signIn(t.app, user.email, user.password)).accessToken).toEqual(expect.any(String));
    const { rows } = await t.sql.query(
      'select count(*)::int as n from user_recovery_codes where user_id = $1 and archived_at is null and used_at is null',
      [user.id],
    );
    expect(rows[0].n).toBe(0);
  });

  it('a passkey is not held by the lock of guessed codes, and satisfies the per-role policy', async () => {
    const user = await createUser(t.sql);
    const { secret, headers } = await enrol(t.app, user.email, user.password);
    const key = new SoftAuthenticator(TEST_APP_ORIGIN);
    const added = await registerPasskey(
      t.app,
      headers,
      'YubiKey',
      key.register(await passkeyOptions(t.app, headers)),
    );
    expect([added.statusCode, added.json().recoveryCodes]).toEqual([201, []]);
    const step = await firstStepOf(user);
    expect(step.methods).toEqual(['passkey', 'totp', 'recovery_code']);
    for (let i = 0; i < 5; i++)
      await verify(t.app, { challenge: step.challenge, code: wrongCodeFor(secret, i) });
    expect((await verify(t.app, { challenge: step.challenge, code: codeAt(secret, 1) })).json().code).toBe(
      'factor_locked',
    );
    const passkey = key.assert(await signInOptions(step.challenge));
    expect((await verify(t.app, { challenge: step.challenge, passkey } as never)).statusCode).toBe(200);

    // A QAM whom the policy requires a factor enrols a passkey with the limited session.
    await t.sql.query('update provider_settings set require_two_factor_qam = true');
    try {
      const qam = await createUser(t.sql, { isQam: true });
      const limited = await signIn(t.app, qam.email, qam.password);
      expect(limited.response.json().user.mustEnrolTwoFactor).toBe(true);
      const qamHeaders = { authorization: `Bearer ${limited.accessToken}` };
      const qamKey = new SoftAuthenticator(TEST_APP_ORIGIN);
      const enrolled = await registerPasskey(
        t.app,
        qamHeaders,
        'Key',
        qamKey.register(await passkeyOptions(t.app, qamHeaders)),
      );
      expect(enrolled.statusCode).toBe(201);
      const qamStep = await firstStepOf(qam);
      const full = await verify(t.app, {
        challenge: qamStep.challenge,
        passkey: qamKey.assert(await signInOptions(qamStep.challenge)),
      } as never);
      expect(full.json().user.mustEnrolTwoFactor).toBe(false);
    } finally {
      await t.sql.query('update provider_settings set require_two_factor_qam = false');
    }
  });
});
