import {
  ssoRolesOf,
  ssoUsedMultipleFactors,
  type TSecondFactorRequired,
  type TSsoError,
} from '@portal/domain';
import * as client from 'openid-client';
import type { OidcConfig } from '../../config/load-config.ts';
import { sql } from '../../db/sql.ts';
import type { AccountsDeps } from '../accounts/deps.ts';
import { hasConfirmedFactor } from '../accounts/factor-store.ts';
import type { ClientInfo } from '../accounts/sessions.ts';
import { openSession, type SignedIn } from '../accounts/sign-in.ts';
import { issueSignInChallenge } from '../accounts/sign-in-challenge.ts';
import { resolveSsoAccount } from './sso-account.ts';
import { spendSsoRequest } from './sso-requests.ts';

export type SsoOutcome =
  | { kind: 'signedIn'; signedIn: SignedIn }
  | { kind: 'secondFactor'; challenge: TSecondFactorRequired }
  | { kind: 'refused'; error: TSsoError };

/**
 * The identity provider's redirect back (`callbackUrl` as the browser asked for it): the request
 * its `state` names must be live, unspent and this browser's (the binder cookie), and is spent
 * first; then `openid-client` exchanges the code with the PKCE verifier and checks the ID token
 * (signature, `iss` is OIDC_ISSUER, `aud` our client id, expiry, the request's `nonce`) and the
 * response's `iss` (RFC 9207). Then the account (`resolveSsoAccount`), and the session: opened at
 * once when the identity provider reported a multi-factor sign-in (`amr`) or the account has no
 * factor of ours (the two-factor policy then decides, as after a password); else the second step
 * of a sign-in with our factor, as after a password. Every refusal changes nothing but the spent
 * request (and, for a known account, a SIGN_IN_FAILED in its History).
 */
export async function finishSsoSignIn(
  deps: AccountsDeps,
  sso: { oidc: OidcConfig; discover: () => Promise<client.Configuration> },
  callbackUrl: URL,
  binder: string,
  from: ClientInfo,
): Promise<SsoOutcome> {
  const refuse = async (error: TSsoError, reason: string, userId?: number): Promise<SsoOutcome> => {
    deps.log.info({ reason }, 'single sign-on refused');
    if (userId !== undefined) {
      await deps.db.many(sql`insert into public.account_security_events (user_id, event, method, ip_address)
        values (${userId}, 'SIGN_IN_FAILED', 'oidc', ${from.ip ?? null}::inet)`);
    }
    return { kind: 'refused', error };
  };
  const state = callbackUrl.searchParams.get('state') ?? '';
  const request = await spendSsoRequest(deps.db, state, binder);
  if (!request) return refuse('sso_failed', 'no live request of this browser has that state');
  let claims: client.IDToken | undefined;
  try {
    const tokens = await client.authorizationCodeGrant(await sso.discover(), callbackUrl, {
      expectedState: state,
      expectedNonce: request.nonce,
      pkceCodeVerifier: request.codeVerifier,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    return refuse('sso_failed', `the code or the ID token was refused: ${(error as Error).message}`);
  }
  if (!claims) return refuse('sso_failed', 'no ID token');
  const identity = {
    issuer: claims.iss,
    subject: claims.sub,
    email: claims.email,
    emailVerified: claims.email_verified,
    givenName: claims.given_name,
    familyName: claims.family_name,
    name: claims.name,
    roles: ssoRolesOf(claims[sso.oidc.roleClaim], sso.oidc.roleMap),
  };
  if (identity.roles.length === 0) {
    const bound = await deps.db.maybeOne<{ user_id: number }>(sql`select user_id from public.user_identities
      where issuer = ${identity.issuer} and subject = ${identity.subject}`);
    return refuse('sso_not_staff', 'the role claim maps to no provider staff role', bound?.user_id);
  }
  let account: Awaited<ReturnType<typeof resolveSsoAccount>>;
  try {
    account = await resolveSsoAccount(deps, identity, sso.oidc.createUsers);
  } catch (error) {
    // An account made for the same address at the same moment: the unique e-mail decides.
    if ((error as { code?: string }).code === '23505') return refuse('sso_failed', 'created twice at once');
    throw error;
  }
  if (!account.ok) return refuse(account.error, account.error, account.userId);
  const { user } = account;
  const secondFactorAtIdp = ssoUsedMultipleFactors(claims.amr, sso.oidc.mfaAmr);
  if (!secondFactorAtIdp && (await hasConfirmedFactor(deps.db, user.id))) {
    return { kind: 'secondFactor', challenge: await issueSignInChallenge(deps.db, user.id) };
  }
  return {
    kind: 'signedIn',
    signedIn: await openSession(deps, user, from, { signedInWith: 'oidc', secondFactorAtIdp }),
  };
}
