import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import type { HasuraError } from '../errors.ts';
import { Authenticator } from './authenticate.ts';
import { base64url, decodeClaimsSet, haskellShow } from './jwt-reasons.ts';

const KEY = 'unit-test-shared-secret-of-at-least-32-chars';
const secret = new TextEncoder().encode(KEY);
const b64 = (text: string) => Buffer.from(text).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);
/** `aud`: the audience the shared authenticator below requires. */
const CLAIMS = {
  'https://hasura.io/jwt/claims': { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user' },
  aud: 'portal',
};

/** A token signed with the test key over any header and payload text (the payload need not be JSON). */
async function signRaw(header: Record<string, unknown>, payload: string): Promise<string> {
  const input = `${b64(JSON.stringify(header))}.${b64(payload)}`;
  const { createHmac } = await import('node:crypto');
  return `${input}.${createHmac('sha256', KEY).update(input).digest('base64url')}`;
}

const auth = new Authenticator({
  jwt: { type: 'HS256', key: KEY, issuer: 'https://issuer.example', audience: ['portal'] },
});

/** The code and message a token is refused with. */
async function refusal(token: string, extra: Record<string, string> = {}) {
  try {
    await auth.session({ authorization: `Bearer ${token}`, ...extra });
  } catch (error) {
    const e = error as HasuraError;
    return `${e.code}: ${e.message}`;
  }
  throw new Error('the token was accepted');
}

describe("a malformed JWT gets its own reason, in Hasura's words", () => {
  it('counts the parts', async () => {
    expect(await refusal('a.b')).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 2)',
    );
    expect(await refusal('abc')).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 1)',
    );
    expect(await refusal('a.b.c.d.e')).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (CompactDecodeError Invalid number of parts: Expected 3 parts; got 5)',
    );
  });

  it('reads each part as unpadded base64url', async () => {
    const header = b64('{"alg":"HS256"}');
    const reason = 'invalid-jwt: Could not verify JWT: JWSError (JSONDecodeError "Not valid base64url")';
    expect(await refusal(`${header}.not*base64.sig`)).toBe(reason);
    expect(await refusal(`${header}.${b64('{}')}=.sig`)).toBe(reason);
    expect(await refusal(`${header}.${b64('{}')}.a`)).toBe(reason);
    expect(await refusal(`%%.${b64('{}')}.sig`)).toBe(reason);
  });

  it('reads the protected header: JSON, an alg, a known alg', async () => {
    const payload = b64(JSON.stringify(CLAIMS));
    expect(await refusal(`${b64('nope')}.${payload}.sig`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (JSONDecodeError "protected header contains invalid JSON")',
    );
    expect(await refusal(`${b64('[1]')}.${payload}.sig`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (JSONDecodeError "protected header contains invalid JSON")',
    );
    expect(await refusal(`${b64('{"typ":"JWT"}')}.${payload}.sig`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (JSONDecodeError "missing required header \\"alg\\"")',
    );
    expect(await refusal(`${b64('{"alg":"XS256"}')}.${payload}.sig`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (JSONDecodeError "unrecognised value; expected: [\\"HS256\\",\\"HS384\\",\\"HS512\\",\\"RS256\\",\\"RS384\\",\\"RS512\\",\\"ES256\\",\\"ES384\\",\\"ES512\\",\\"PS256\\",\\"PS384\\",\\"PS512\\",\\"none\\",\\"EdDSA\\"]")',
    );
    expect(await refusal(`${b64('{"alg":"HS256","kid":7}')}.${payload}.sig`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (JSONDecodeError "parsing Text failed, expected String, but encountered Number")',
    );
    expect(await refusal(`${b64('{"alg":"HS256","crit":["exp"]}')}.${payload}.sig`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError (JSONDecodeError "crit key is not understood")',
    );
  });

  it('refuses alg none, a wrong signature and an alg the key cannot verify', async () => {
    const payload = b64(JSON.stringify(CLAIMS));
    expect(await refusal(`${b64('{"alg":"none"}')}.${payload}.`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError JWSNoSignatures',
    );
    const good = await new SignJWT(CLAIMS).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const other = await new SignJWT(CLAIMS)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-of-at-least-thirty-two-chars'));
    expect(await refusal(`${good.split('.').slice(0, 2).join('.')}.${other.split('.')[2]}`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError JWSInvalidSignature',
    );
    const { privateKey } = await generateKeyPair('RS256');
    const rs = await new SignJWT(CLAIMS).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    expect(await refusal(rs)).toBe('invalid-jwt: Could not verify JWT: JWSError JWSInvalidSignature');
  });

  it('accepts the other HMAC algorithms with the same secret, as Hasura does', async () => {
    const hs512 = await new SignJWT({ ...CLAIMS, aud: 'portal' })
      .setProtectedHeader({ alg: 'HS512' })
      .sign(secret);
    expect((await auth.session({ authorization: `Bearer ${hs512}` })).role).toBe('user');
  });

  it('verifies with the configured algorithms only: a PEM key its type, a key set never a symmetric key (review F4)', async () => {
    const http = await import('node:http');
    const { exportJWK, exportSPKI } = await import('jose');
    // A key set that (wrongly) publishes a symmetric key next to an RSA key: its `k` is public.
    // A node KeyObject signs with any RSA algorithm (a CryptoKey is bound to one).
    const { generateKeyPairSync } = await import('node:crypto');
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const published = new TextEncoder().encode('a-symmetric-key-anyone-can-read-in-the-set');
    const keys = [
      { ...(await exportJWK(publicKey)), kid: 'rsa', alg: 'RS256', use: 'sig' },
      { kty: 'oct', k: Buffer.from(published).toString('base64url'), kid: 'oct', alg: 'HS256', use: 'sig' },
    ];
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const fromSet = new Authenticator({ jwt: { jwk_url: `http://127.0.0.1:${port}/jwks.json` } });
      const signed = await new SignJWT(CLAIMS)
        .setProtectedHeader({ alg: 'RS256', kid: 'rsa' })
        .sign(privateKey);
      expect((await fromSet.session({ authorization: `Bearer ${signed}` })).role).toBe('user');
      const forged = await new SignJWT(CLAIMS)
        .setProtectedHeader({ alg: 'HS256', kid: 'oct' })
        .sign(published);
      await expect(fromSet.session({ authorization: `Bearer ${forged}` })).rejects.toMatchObject({
        code: 'invalid-jwt',
        message: 'Could not verify JWT: JWSError JWSInvalidSignature',
      });
    } finally {
      server.close();
    }
    // A PEM key verifies its configured type only.
    const pem = new Authenticator({ jwt: { type: 'RS256', key: await exportSPKI(publicKey) } });
    const rs256 = await new SignJWT(CLAIMS).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    expect((await pem.session({ authorization: `Bearer ${rs256}` })).role).toBe('user');
    const ps256 = await new SignJWT(CLAIMS).setProtectedHeader({ alg: 'PS256' }).sign(privateKey);
    await expect(pem.session({ authorization: `Bearer ${ps256}` })).rejects.toMatchObject({
      code: 'invalid-jwt',
    });
  });

  it('reads the payload as a claims set after the signature', async () => {
    expect(await refusal(await signRaw({ alg: 'HS256' }, 'hello there'))).toBe(
      'invalid-jwt: Could not verify JWT: JWTClaimsSetDecodeError "Error in $: Failed reading: not a valid json value at \'hellothere\'"',
    );
    expect(await refusal(await signRaw({ alg: 'HS256' }, ''))).toBe(
      'invalid-jwt: Could not verify JWT: JWTClaimsSetDecodeError "Error in $: not enough input"',
    );
    expect(await refusal(await signRaw({ alg: 'HS256' }, '[1]'))).toBe(
      'invalid-jwt: Could not verify JWT: JWTClaimsSetDecodeError "Error in $: parsing JWT Claims Set failed, expected Object, but encountered Array"',
    );
    expect(
      await refusal(await signRaw({ alg: 'HS256' }, JSON.stringify({ ...CLAIMS, exp: 'tomorrow' }))),
    ).toBe(
      'invalid-jwt: Could not verify JWT: JWTClaimsSetDecodeError "Error in $.exp: parsing NumericDate failed, expected Number, but encountered String"',
    );
    expect(await refusal(await signRaw({ alg: 'HS256' }, JSON.stringify({ ...CLAIMS, iss: 3 })))).toBe(
      'invalid-jwt: Could not verify JWT: JWTClaimsSetDecodeError "Error in $.iss: parsing StringOrURI failed, expected String, but encountered Number"',
    );
    // A forged payload is refused for its signature first, whatever it holds.
    const good = await new SignJWT(CLAIMS).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const [h, , s] = good.split('.');
    expect(await refusal(`${h}.${b64('hello')}.${s}`)).toBe(
      'invalid-jwt: Could not verify JWT: JWSError JWSInvalidSignature',
    );
  });

  it('checks exp, iat, nbf, iss and aud in that order', async () => {
    const sign = (claims: Record<string, unknown>) =>
      new SignJWT({ ...CLAIMS, ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await refusal(await sign({ exp: now() - 10, nbf: now() + 100 }))).toBe(
      'invalid-jwt: Could not verify JWT: JWTExpired',
    );
    expect(await refusal(await sign({ iat: now() + 100, nbf: now() + 100 }))).toBe(
      'invalid-jwt: Could not verify JWT: JWTIssuedAtFuture',
    );
    expect(await refusal(await sign({ nbf: now() + 100, aud: 'other' }))).toBe(
      'invalid-jwt: Could not verify JWT: JWTNotYetValid',
    );
    expect(await refusal(await sign({ iss: 'https://other.example', aud: 'other' }))).toBe(
      'invalid-jwt: Could not verify JWT: JWTNotInIssuer',
    );
    expect(await refusal(await sign({ aud: ['other', 'more'] }))).toBe(
      'invalid-jwt: Could not verify JWT: JWTNotInAudience',
    );
    // With an audience configured, a token must name it: one without aud is refused (Hasura would
    // accept it: review F4). iss is checked only when the token has it, as Hasura does.
    expect(await refusal(await sign({ aud: undefined }))).toBe(
      'invalid-jwt: Could not verify JWT: JWTNotInAudience',
    );
    expect(await refusal(await sign({ aud: [] }))).toBe(
      'invalid-jwt: Could not verify JWT: JWTNotInAudience',
    );
    expect((await auth.session({ authorization: `Bearer ${await sign({ aud: 'portal' })}` })).role).toBe(
      'user',
    );
    // No audience configured: any aud, or none.
    const open = new Authenticator({ jwt: { type: 'HS256', key: KEY } });
    expect((await open.session({ authorization: `Bearer ${await sign({ aud: undefined })}` })).role).toBe(
      'user',
    );
    expect((await open.session({ authorization: `Bearer ${await sign({ aud: 'other' })}` })).role).toBe(
      'user',
    );
    expect(
      (
        await auth.session({
          authorization: `Bearer ${await sign({ aud: ['x', 'portal'], iss: 'https://issuer.example' })}`,
        })
      ).role,
    ).toBe('user');
  });

  it('refuses another issuer before anything else, even a token that is otherwise broken', async () => {
    const forged = `${b64('{"alg":"HS256"}')}.${b64(JSON.stringify({ iss: 'https://evil.example' }))}.AAAA`;
    expect(await refusal(forged)).toBe('invalid-jwt: Could not verify JWT: JWTNotInIssuer');
  });

  it('splits the Authorization header into words as Hasura does', async () => {
    const token = await new SignJWT(CLAIMS).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect((await auth.session({ authorization: `Bearer   ${token}  ` })).role).toBe('user');
    for (const header of ['Token abc', 'Bearer', `Bearer ${token} extra`, `bearer ${token}`])
      await expect(auth.session({ authorization: header })).rejects.toMatchObject({
        code: 'invalid-headers',
        message: 'Malformed Authorization header',
      });
  });
});

describe("the claims, in Hasura's words", () => {
  const signed = (claims: Record<string, unknown>) =>
    new SignJWT({ aud: 'portal', ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
  const ns = (claims: unknown) => ({ 'https://hasura.io/jwt/claims': claims });

  it('needs the namespace, as an object', async () => {
    expect(await refusal(await signed({ sub: '1' }))).toBe(
      "jwt-invalid-claims: claims key: 'https://hasura.io/jwt/claims' not found",
    );
    expect(await refusal(await signed(ns('{"x-hasura-default-role":"user"}')))).toBe(
      'jwt-invalid-claims: expecting a json object when claims_format is json',
    );
  });

  it('names what is wrong with the roles and the other claims', async () => {
    const base = { 'x-hasura-allowed-roles': ['user'], 'x-hasura-default-role': 'user' };
    expect(await refusal(await signed(ns({ ...base, 'x-hasura-allowed-roles': 'user' })))).toBe(
      'jwt-invalid-claims: invalid x-hasura-allowed-roles; should be a list of roles: expected Array, but encountered String',
    );
    expect(await refusal(await signed(ns({ ...base, 'x-hasura-allowed-roles': ['user', 3] })))).toBe(
      'jwt-invalid-claims: invalid x-hasura-allowed-roles; should be a list of roles: parsing String failed, expected String, but encountered Number',
    );
    expect(await refusal(await signed(ns({ ...base, 'x-hasura-default-role': '' })))).toBe(
      'jwt-invalid-claims: invalid x-hasura-default-role; should be a single role name: empty string not allowed',
    );
    expect(await refusal(await signed(ns({ ...base, 'x-hasura-user-id': 1 })))).toBe(
      'jwt-invalid-claims: x-hasura-* claims: parsing Text failed, expected String, but encountered Number',
    );
    // The role is checked before the other claims.
    expect(
      await refusal(await signed(ns({ ...base, 'x-hasura-user-id': 1 })), { 'x-hasura-role': 'admin' }),
    ).toBe('access-denied: Your requested role is not in allowed roles');
    // Claims outside x-hasura-* are not Hasura's business.
    const ok = await auth.session({
      authorization: `Bearer ${await signed(ns({ ...base, 'x-hasura-user-id': '1', other: 5 }))}`,
    });
    expect(ok.vars).toEqual({ 'x-hasura-role': 'user', 'x-hasura-user-id': '1' });
  });

  it('says where stringified claims were expected and what was found', async () => {
    const a = new Authenticator({ jwt: { type: 'HS256', key: KEY, claims_format: 'stringified_json' } });
    const fail = async (claims: unknown) => {
      const token = await signed(ns(claims));
      return a.session({ authorization: `Bearer ${token}` }).then(
        () => 'accepted',
        (e: HasuraError) => `${e.code}: ${e.message}`,
      );
    };
    expect(await fail({ 'x-hasura-default-role': 'user' })).toBe(
      'jwt-invalid-claims: expecting a string when claims_format is stringified_json',
    );
    expect(await fail('{nope')).toBe(
      "jwt-invalid-claims: expecting stringified json at: 'claims_namespace https://hasura.io/jwt/claims', but found: {nope",
    );
  });

  it('names a claims_map claim that is neither in the token nor defaulted', async () => {
    const a = new Authenticator({
      jwt: {
        type: 'HS256',
        key: KEY,
        claims_map: {
          'x-hasura-allowed-roles': ['user'],
          'x-hasura-default-role': 'user',
          'x-hasura-user-id': { path: '$.sub' },
        },
      },
    });
    const token = await signed({ name: 'no sub' });
    await expect(a.session({ authorization: `Bearer ${token}` })).rejects.toMatchObject({
      code: 'jwt-invalid-claims',
      message: 'JWT claim from claims_map, x-hasura-user-id not found',
    });
  });

  it("says Hasura's words when no token is sent", async () => {
    await expect(auth.session({})).rejects.toMatchObject({
      code: 'invalid-headers',
      message: "Missing 'Authorization' or 'Cookie' header in JWT authentication mode",
    });
  });
});

describe('the pieces', () => {
  it("shows strings as Haskell's show does", () => {
    expect(haskellShow('plain')).toBe('"plain"');
    expect(haskellShow('say "hi"\\')).toBe('"say \\"hi\\"\\\\"');
    expect(haskellShow('tab\there\nnl')).toBe('"tab\\there\\nnl"');
    expect(haskellShow('é1')).toBe('"\\233\\&1"');
    expect(haskellShow('\u0000x\u000eH')).toBe('"\\NULx\\SO\\&H"');
  });

  it('decodes only canonical unpadded base64url', () => {
    expect(base64url('').length).toBe(0);
    expect(base64url('YQ').toString()).toBe('a');
    expect(() => base64url('YR')).toThrow('Not valid base64url');
    expect(() => base64url('YQ==')).toThrow('Not valid base64url');
    expect(() => base64url('Y')).toThrow('Not valid base64url');
    expect(() => base64url('a+b/')).toThrow('Not valid base64url');
  });

  it('reads aud as a string or a list, and null claims as absent', () => {
    expect(decodeClaimsSet(Buffer.from('{"aud":"a","exp":null}'))).toMatchObject({ aud: ['a'] });
    expect(decodeClaimsSet(Buffer.from('{"aud":["a","b"]}'))).toMatchObject({ aud: ['a', 'b'] });
    expect(() => decodeClaimsSet(Buffer.from('{"aud":[1]}'))).toThrow(
      'parsing StringOrURI failed, expected String, but encountered Array',
    );
    expect(() => decodeClaimsSet(Buffer.from('{"sub":"not a uri: x"}'))).toThrow(
      'failed to parse StringOrURI',
    );
  });
});
