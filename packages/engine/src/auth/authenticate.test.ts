import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { HasuraError } from '../errors.ts';
import { Authenticator } from './authenticate.ts';

const KEY = 'unit-test-shared-secret-of-at-least-32-chars';
const hs = (claims: Record<string, unknown>, build: (j: SignJWT) => SignJWT = (j) => j) =>
  build(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' })).sign(new TextEncoder().encode(KEY));
const hasura = (extra: Record<string, unknown> = {}) => ({
  'x-hasura-allowed-roles': ['user', 'editor'],
  'x-hasura-default-role': 'user',
  'x-hasura-user-id': '7',
  ...extra,
});

/** The Hasura error (code and message) an authentication attempt fails with. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    const e = error as HasuraError;
    return { code: e.code, message: e.message };
  }
  throw new Error('authentication succeeded');
}

describe('JWT authentication (HASURA-DIALECT §5)', () => {
  const auth = new Authenticator({
    adminSecret: 's',
    jwt: { type: 'HS256', key: KEY, audience: ['app'], issuer: 'https://issuer', allowed_skew: 5 },
  });

  it('takes the default role and the x-hasura-* claims; headers are ignored', async () => {
    const token = await hs({ 'https://hasura.io/jwt/claims': hasura(), aud: 'app' });
    const session = await auth.session({ authorization: `Bearer ${token}`, 'x-hasura-user-id': '999' });
    expect(session).toMatchObject({
      role: 'user',
      vars: { 'x-hasura-user-id': '7', 'x-hasura-role': 'user' },
      adminAuth: false,
    });
  });

  it('lets x-hasura-role pick another allowed role', async () => {
    const token = await hs({ 'https://hasura.io/jwt/claims': hasura(), aud: 'app' });
    expect((await auth.session({ authorization: `Bearer ${token}`, 'x-hasura-role': 'editor' })).role).toBe(
      'editor',
    );
  });

  it("maps verification failures to Hasura's messages", async () => {
    const claims = { 'https://hasura.io/jwt/claims': hasura(), aud: 'app' };
    expect(
      await failure(auth.session({ authorization: `Bearer ${await hs({ ...claims, aud: 'other' })}` })),
    ).toEqual({ code: 'invalid-jwt', message: 'Could not verify JWT: JWTNotInAudience' });
    expect(
      await failure(
        auth.session({ authorization: `Bearer ${await hs({ ...claims, iss: 'https://evil' })}` }),
      ),
    ).toEqual({ code: 'invalid-jwt', message: 'Could not verify JWT: JWTNotInIssuer' });
    expect(
      await failure(
        auth.session({
          authorization: `Bearer ${await hs(claims, (j) => j.setNotBefore(Math.floor(Date.now() / 1000) + 60))}`,
        }),
      ),
    ).toEqual({ code: 'invalid-jwt', message: 'Could not verify JWT: JWTNotYetValid' });
    const forged = `${(await hs(claims)).slice(0, -4)}AAAA`;
    expect(await failure(auth.session({ authorization: `Bearer ${forged}` }))).toEqual({
      code: 'invalid-jwt',
      message: 'Could not verify JWT: JWSError JWSInvalidSignature',
    });
    expect(await failure(auth.session({ authorization: 'Token abc' }))).toEqual({
      code: 'invalid-headers',
      message: 'Malformed Authorization header',
    });
  });

  it('accepts a token expired within allowed_skew', async () => {
    const token = await hs({ 'https://hasura.io/jwt/claims': hasura(), aud: 'app' }, (j) =>
      j.setExpirationTime(Math.floor(Date.now() / 1000) - 2),
    );
    expect((await auth.session({ authorization: `Bearer ${token}` })).role).toBe('user');
  });

  it('remembers a checked signature, never the claims: an expired token is refused every time, a changed one is checked anew', async () => {
    const claims = { 'https://hasura.io/jwt/claims': hasura(), aud: 'app' };
    const good = await hs(claims);
    for (const _ of [1, 2])
      expect((await auth.session({ authorization: `Bearer ${good}` })).role).toBe('user');
    const expired = await hs(claims, (j) => j.setExpirationTime(Math.floor(Date.now() / 1000) - 60));
    for (const _ of [1, 2])
      expect(await failure(auth.session({ authorization: `Bearer ${expired}` }))).toEqual({
        code: 'invalid-jwt',
        message: 'Could not verify JWT: JWTExpired',
      });
    // The same header and signature with another payload (user 8 instead of 7): not the remembered token.
    const [header, , signature] = good.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, 'https://hasura.io/jwt/claims': hasura({ 'x-hasura-user-id': '8' }) })).toString('base64url')}.${signature}`;
    expect(await failure(auth.session({ authorization: `Bearer ${forged}` }))).toEqual({
      code: 'invalid-jwt',
      message: 'Could not verify JWT: JWSError JWSInvalidSignature',
    });
  });

  it('checks the claims themselves', async () => {
    const bad = async (claims: Record<string, unknown>) =>
      failure(auth.session({ authorization: `Bearer ${await hs({ ...claims, aud: 'app' })}` }));
    expect(await bad({})).toEqual({
      code: 'jwt-invalid-claims',
      message: "claims key: 'https://hasura.io/jwt/claims' not found",
    });
    expect(await bad({ 'https://hasura.io/jwt/claims': { 'x-hasura-default-role': 'user' } })).toEqual({
      code: 'jwt-missing-role-claims',
      message: 'JWT claim does not contain x-hasura-allowed-roles',
    });
    expect(
      await bad({ 'https://hasura.io/jwt/claims': hasura({ 'x-hasura-allowed-roles': 'user' }) }),
    ).toMatchObject({ code: 'jwt-invalid-claims' });
    expect(await bad({ 'https://hasura.io/jwt/claims': hasura({ 'x-hasura-org-ids': [1, 2] }) })).toEqual({
      code: 'jwt-invalid-claims',
      message: 'x-hasura-* claims: parsing Text failed, expected String, but encountered Array',
    });
  });

  it('reads claims_namespace_path with stringified JSON claims', async () => {
    const a = new Authenticator({
      jwt: {
        type: 'HS256',
        key: KEY,
        claims_namespace_path: '$.app.hasura',
        claims_format: 'stringified_json',
      },
    });
    const token = await hs({ app: { hasura: JSON.stringify(hasura()) } });
    expect((await a.session({ authorization: `Bearer ${token}` })).vars['x-hasura-user-id']).toBe('7');
  });

  it('builds claims with claims_map (paths, defaults and literals)', async () => {
    const a = new Authenticator({
      jwt: {
        type: 'HS256',
        key: KEY,
        claims_map: {
          'x-hasura-allowed-roles': { path: '$.roles' },
          'x-hasura-default-role': { path: '$.roles[0]' },
          'x-hasura-user-id': { path: '$.sub' },
          'x-hasura-org': { path: '$.org', default: 'none' },
          'x-hasura-app': 'portal',
        },
      },
    });
    const session = await a.session({
      authorization: `Bearer ${await hs({ roles: ['editor'], sub: 'u1' })}`,
    });
    expect(session).toMatchObject({
      role: 'editor',
      vars: { 'x-hasura-user-id': 'u1', 'x-hasura-org': 'none', 'x-hasura-app': 'portal' },
    });
  });

  it('verifies RS256 tokens with a PEM public key', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RS256');
    const a = new Authenticator({ jwt: { type: 'RS256', key: await exportSPKI(publicKey) } });
    const token = await new SignJWT({ 'https://hasura.io/jwt/claims': hasura() })
      .setProtectedHeader({ alg: 'RS256' })
      .sign(privateKey);
    expect((await a.session({ authorization: `Bearer ${token}` })).role).toBe('user');
  });

  it('reads the token from a cookie when configured', async () => {
    const a = new Authenticator({
      jwt: { type: 'HS256', key: KEY, header: { type: 'Cookie', name: 'jwt' } },
    });
    const token = await hs({ 'https://hasura.io/jwt/claims': hasura() });
    expect((await a.session({ cookie: `a=1; jwt=${token}` })).role).toBe('user');
  });
});

describe('admin secret and unauthorized role', () => {
  it('uses headers as session variables with the admin secret', async () => {
    const a = new Authenticator({ adminSecret: 's' });
    expect(
      await a.session({ 'x-hasura-admin-secret': 's', 'x-hasura-role': 'user', 'X-Hasura-User-Id': '3' }),
    ).toMatchObject({ role: 'user', vars: { 'x-hasura-user-id': '3' }, adminAuth: true });
    expect(await failure(a.session({ 'x-hasura-access-key': 'nope' }))).toEqual({
      code: 'access-denied',
      message: 'invalid x-hasura-admin-secret/x-hasura-access-key',
    });
  });

  it('falls back to the unauthorized role without credentials', async () => {
    const a = new Authenticator({ adminSecret: 's', unauthorizedRole: 'anonymous' });
    expect((await a.session({})).role).toBe('anonymous');
  });

  it('grants backend-only permissions only with the admin secret', async () => {
    const a = new Authenticator({ adminSecret: 's', unauthorizedRole: 'anonymous' });
    expect(
      (await a.session({ 'x-hasura-admin-secret': 's', 'x-hasura-use-backend-only-permissions': 'true' }))
        .backendOnly,
    ).toBe(true);
    expect((await a.session({ 'x-hasura-use-backend-only-permissions': 'true' })).backendOnly).toBe(false);
  });
});
