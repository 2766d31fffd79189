import { createUser } from '@portal/testkit/factories';
import { cookieOf, refresh, signIn } from '@portal/testkit/test-app';
import { type StackServices, startTestStack, type TestStack } from '@portal/testkit/test-stack';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Sessions and the sign-in lockout with two replicas of the actions service on one database
 * (issue 34): nothing that guards an account lives in one process's memory, so a client whose
 * requests alternate between the replicas is treated as if there were one.
 */
describe('accounts across two replicas of the actions service', () => {
  let stack: TestStack;
  let other: StackServices;
  /** The two replicas, as the gateway alternates between them. */
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated' });
    other = await stack.replica();
    [a, b] = [stack.app, other.app];
  }, 60_000);
  afterAll(() => stack?.close());

  /** The session cookies a response set (a refresh rotates both). */
  const tokensOf = (response: Parameters<typeof cookieOf>[0]) => ({
    refresh: cookieOf(response, 'portal_refresh')!.value,
    csrf: cookieOf(response, 'portal_csrf')!.value,
  });

  it('rotates a session on either replica, refuses a rotated token on the other, and signs out everywhere', async () => {
    const user = await createUser(stack.sql);
    const first = await signIn(a, user.email, user.password);
    const onB = await refresh(b, first);
    expect(onB.statusCode).toBe(200);
    const onA = await refresh(a, tokensOf(onB));
    expect(onA.statusCode).toBe(200);
    // The first refresh token was rotated away on B: A refuses it.
    expect((await refresh(a, first)).statusCode).toBe(401);

    const user2 = await createUser(stack.sql);
    const session = await signIn(b, user2.email, user2.password);
    const rotated = tokensOf(await refresh(a, session));
    const out = await b.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { portal_refresh: rotated.refresh, portal_csrf: rotated.csrf },
      headers: { 'x-csrf-token': rotated.csrf },
    });
    expect(out.statusCode).toBe(204);
    expect((await refresh(a, rotated)).statusCode).toBe(401);
  });

  it('locks an account after five wrong passwords, whichever replica each went to', async () => {
    const user = await createUser(stack.sql);
    for (let i = 0; i < 5; i++) {
      const response = await (i % 2 ? b : a).inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: `Wrong-pass-${i}` },
      });
      expect(response.statusCode).toBe(401);
    }
    for (const app of [a, b]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expect(response.statusCode).toBe(429);
      expect(response.json().message).toBe(
        'Too many sign-in attempts. Please wait 15 minutes and try again.',
      );
    }
  });
});

describe('flood limits across two replicas of the actions service', () => {
  let stack: TestStack;
  let other: StackServices;
  beforeAll(async () => {
    stack = await startTestStack({ template: 'migrated', env: { VERIFY_RATE_LIMIT_PER_MINUTE: '3' } });
    other = await stack.replica();
  }, 60_000);
  afterAll(() => stack?.close());

  it("counts one address's requests on both: the fourth in a minute is refused, wherever it goes", async () => {
    const verify = (app: FastifyInstance) =>
      app.inject({
        method: 'GET',
        url: '/api/certificates/verify/NOSUCHCODE',
        remoteAddress: '198.51.100.7',
      });
    const answers = [];
    for (const app of [stack.app, other.app, stack.app, other.app])
      answers.push((await verify(app)).statusCode);
    expect(answers.slice(0, 3)).not.toContain(429);
    expect(answers[3]).toBe(429);
    // Another address has its own count.
    const elsewhere = await stack.app.inject({
      method: 'GET',
      url: '/api/certificates/verify/NOSUCHCODE',
      remoteAddress: '198.51.100.8',
    });
    expect(elsewhere.statusCode).not.toBe(429);
  });
});
