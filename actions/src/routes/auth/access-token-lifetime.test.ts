import { createUser } from '@portal/testkit/factories';
import { createTestContext, refresh, signIn, type TestContext } from '@portal/testkit/test-app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** ACCESS_TOKEN_SECONDS (default 300) sets how long the tokens of sign-in and refresh live. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ ACCESS_TOKEN_SECONDS: '20' });
});
afterAll(() => t?.close());

const lifeOf = (token: string) => {
  const { iat, exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    iat: number;
    exp: number;
  };
  return exp - iat;
};

describe('the access token lifetime', () => {
  it('is ACCESS_TOKEN_SECONDS at sign-in and at each refresh, and says so', async () => {
    const user = await createUser(t.sql);
    const signedIn = await signIn(t.app, user.email, user.password);
    expect(lifeOf(signedIn.accessToken)).toBe(20);
    const left = Date.parse(signedIn.response.json().accessTokenExpiresAt) - Date.now();
    expect(left).toBeGreaterThan(15_000);
    expect(left).toBeLessThanOrEqual(20_000);
    const renewed = await refresh(t.app, signedIn);
    expect(renewed.statusCode).toBe(200);
    expect(lifeOf(renewed.json().accessToken)).toBe(20);
  });
});
