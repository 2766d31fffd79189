/** Two-factor sign-in in tests: codes computed from the key as an authenticator app does, and the set-up and sign-in steps through the real routes. */
import { TOTP_PERIOD_SECONDS } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { cookieOf, signIn } from './test-app.ts';

/** The code an authenticator app shows `steps` time steps from now (the tests' own app). */
export function codeAt(secret: string, steps = 0): string {
  const timestamp = Date.now() + steps * TOTP_PERIOD_SECONDS * 1000;
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });
}

/** Signs in (no factor yet), sets up an authenticator app with the key shown, confirms it with a code. */
export async function enrol(app: FastifyInstance, email: string, password: string) {
  const { accessToken } = await signIn(app, email, password);
  const headers = { authorization: `Bearer ${accessToken}` };
  const started = await app.inject({ method: 'POST', url: '/api/user/factors/totp', headers });
  if (started.statusCode !== 201) throw new Error(`set-up failed: ${started.statusCode} ${started.body}`);
  const { secret, uri, factorId } = started.json() as { secret: string; uri: string; factorId: number };
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/user/factors/totp/confirm',
    headers,
    payload: { code: codeAt(secret) },
  });
  if (confirmed.statusCode !== 200)
    throw new Error(`confirm failed: ${confirmed.statusCode} ${confirmed.body}`);
  return { secret, uri, factorId, headers, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

/** The first step: the password; answers the challenge (throws when a session was opened instead). */
export async function firstStep(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  const body = response.json();
  if (response.statusCode !== 200 || !body.secondFactorRequired || cookieOf(response, 'portal_refresh'))
    throw new Error(`no second step: ${response.statusCode} ${response.body}`);
  return body.challenge as string;
}

/** The second step. */
export function verify(app: FastifyInstance, payload: Record<string, string>) {
  return app.inject({ method: 'POST', url: '/api/auth/login/verify', payload });
}

/** A code that is not the one shown now, nor the one before or after (what a guesser types). */
export function wrongCodeFor(secret: string, seed = 0): string {
  const near = new Set([codeAt(secret, -1), codeAt(secret, 0), codeAt(secret, 1), codeAt(secret, 2)]);
  let n = Number(codeAt(secret, 0)) + seed * 104_729;
  let code: string;
  do {
    n = (n + 7919) % 1_000_000;
    code = String(n).padStart(6, '0');
  } while (near.has(code));
  return code;
}
