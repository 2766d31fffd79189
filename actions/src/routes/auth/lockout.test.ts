import { createUser } from '@portal/testkit/factories';
import { createTestContext, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../lib/tokens.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const LOCKED = {
  code: 'too_many_attempts',
  message: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
};

/** Status and body of five wrong passwords, then of two more attempts (the last with `finalPassword`). */
async function attack(email: string, finalPassword: string) {
  const answers = [];
  for (let i = 0; i < 5; i++) answers.push(await login(email, `Wrong-pass-${i}`));
  answers.push(await login(email, 'Wrong-pass-9'));
  answers.push(await login(email, finalPassword));
  return answers.map((r) => ({ status: r.statusCode, body: r.json() }));
}

describe('sign-in lockout', () => {
  it('refuses an e-mail for 15 minutes after 5 failures, even with the right password', async () => {
    const user = await createUser(t.sql);
    const answers = await attack(user.email, user.password);
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers[5]).toEqual({ status: 429, body: LOCKED });
    expect(answers[6]).toEqual({ status: 429, body: LOCKED });
    const { rows } = await t.sql.query(
      `select locked_until - now() between interval '14 minutes' and interval '15 minutes' as fifteen
         from public.login_attempts where email_hash = $1`,
      [sha256Hex(user.email)],
    );
    expect(rows[0].fifteen).toBe(true);
    // Another address is not affected.
    const other = await createUser(t.sql);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('behaves identically for an e-mail that has no account', async () => {
    const user = await createUser(t.sql);
    const known = await attack(user.email, user.password);
    const unknown = await attack('no-account-here@demo.test', user.password);
    expect(unknown).toEqual(known);
  });

  it('lets the address sign in again once the lock has passed', async () => {
    const user = await createUser(t.sql);
    await attack(user.email, user.password);
    await t.sql.query(
      `update public.login_attempts set window_started_at = now() - interval '31 minutes',
         locked_until = now() - interval '1 second' where email_hash = $1`,
      [sha256Hex(user.email)],
    );
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    // Success forgets the failures.
    const { rowCount } = await t.sql.query('select 1 from public.login_attempts where email_hash = $1', [
      sha256Hex(user.email),
    ]);
    expect(rowCount).toBe(0);
  });

  it('counts only failures within 15 minutes', async () => {
    const user = await createUser(t.sql);
    for (let i = 0; i < 4; i++) await login(user.email, 'Wrong-pass-1');
    await t.sql.query(
      `update public.login_attempts set window_started_at = now() - interval '16 minutes' where email_hash = $1`,
      [sha256Hex(user.email)],
    );
    // The old window ended: this failure starts a new one instead of locking.
    expect((await login(user.email, 'Wrong-pass-1')).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a successful sign-in before the fifth failure resets the count', async () => {
    const user = await createUser(t.sql);
    for (let i = 0; i < 4; i++) await login(user.email, 'Wrong-pass-1');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await login(user.email, 'Wrong-pass-1');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('per-address rate limit on /api/auth', () => {
  it('answers 429 rate_limited past the configured requests per minute', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/reset',
          payload: { email: 'a@demo.test' },
        });
        statuses.push(r.statusCode);
        if (i === 3) expect(r.json().code).toBe('rate_limited');
      }
      expect(statuses).toEqual([202, 202, 202, 429]);
      // Other folders are not limited.
      expect((await limited.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('cannot be dodged with invented X-Forwarded-For headers when TRUST_PROXY is unset', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const r = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          // inject connects from 127.0.0.1, which used to be trusted as a proxy by default.
          headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
          payload: { email: 'someone@demo.test', password: 'Wrong-pass-1' },
        });
        statuses.push(r.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names', async () => {
    const limited = await createTestContext({ AUTH_RATE_LIMIT_PER_MINUTE: '1', TRUST_PROXY: '127.0.0.1' });
    try {
      const from = (address: string, remoteAddress = '127.0.0.1') =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/reset',
          remoteAddress,
          headers: { 'x-forwarded-for': address },
          payload: { email: 'a@demo.test' },
        });
      // Through the trusted gateway, each client address has its own count.
      expect((await from('198.51.100.1')).statusCode).toBe(202);
      expect((await from('198.51.100.2')).statusCode).toBe(202);
      expect((await from('198.51.100.1')).statusCode).toBe(429);
      // From anywhere else the header is ignored: the socket address counts.
      expect((await from('198.51.100.3', '192.168.1.20')).statusCode).toBe(202);
      expect((await from('198.51.100.4', '192.168.1.20')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
