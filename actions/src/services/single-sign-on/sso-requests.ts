import { SSO_REQUEST_SECONDS } from '@portal/domain';
import * as client from 'openid-client';
import { sql } from '../../db/sql.ts';
import { randomToken, sha256Hex } from '../../lib/tokens.ts';
import type { Queryable } from '../../plugins/app/db.ts';

export interface StartedSsoRequest {
  /** Where to send the browser: the identity provider's authorization endpoint. */
  authorizationUrl: string;
  /** For the browser's binder cookie: the callback is only accepted from the browser that started. */
  binder: string;
}

/**
 * Starts a sign-in at the identity provider: authorization code flow with PKCE (S256), a random
 * `state` and `nonce`. The state is stored hashed with the nonce, the PKCE verifier and the hash
 * of a binder for the browser's cookie, for SSO_REQUEST_SECONDS, to be spent once by the callback.
 */
export async function startSsoRequest(
  db: Queryable,
  config: client.Configuration,
  options: { redirectUri: string; scopes: string },
): Promise<StartedSsoRequest> {
  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const binder = randomToken();
  await db.many(sql`
    insert into public.sso_sign_in_requests (state_hash, binder_hash, nonce, code_verifier, expires_at)
    values (${sha256Hex(state)}, ${sha256Hex(binder)}, ${nonce}, ${codeVerifier},
            now() + make_interval(secs => ${SSO_REQUEST_SECONDS}))`);
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: options.redirectUri,
    scope: options.scopes,
    response_type: 'code',
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { authorizationUrl: url.href, binder };
}

/**
 * Spends the request a callback's `state` names, when the browser's binder is the one it was
 * started with, within its time, once: committed at once, so a replayed callback (the same state,
 * the same code) finds nothing whatever happens next. Undefined when there is no such live request.
 */
export async function spendSsoRequest(
  db: Queryable,
  state: string,
  binder: string,
): Promise<{ nonce: string; codeVerifier: string } | undefined> {
  if (!state || !binder) return undefined;
  return db.maybeOne<{ nonce: string; codeVerifier: string }>(sql`
    update public.sso_sign_in_requests set used_at = now()
     where state_hash = ${sha256Hex(state)} and binder_hash = ${sha256Hex(binder)}
       and used_at is null and expires_at > now()
    returning nonce, code_verifier as "codeVerifier"`);
}
