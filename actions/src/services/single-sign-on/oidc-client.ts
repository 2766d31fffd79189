import * as client from 'openid-client';
import type { OidcConfig } from '../../config/load-config.ts';

/** Loopback issuers (a test's, a developer's) may be plain http; any other must be https. */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

/**
 * The identity provider as `openid-client` knows it, discovered from its issuer
 * (`/.well-known/openid-configuration`) at the first sign-in and kept: the service starts whether
 * or not the identity provider answers, and a failed discovery is tried again next time.
 * The client authenticates with its secret (client_secret_basic); the issuer the document names
 * must be OIDC_ISSUER exactly, and every ID token's `iss` and `aud` are checked against it and the
 * client id.
 */
export function oidcClient(oidc: OidcConfig): () => Promise<client.Configuration> {
  let discovered: Promise<client.Configuration> | null = null;
  return () => {
    discovered ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        undefined,
        client.ClientSecretBasic(oidc.clientSecret),
        {
          execute: isLoopbackUrl(oidc.issuer) ? [client.allowInsecureRequests] : [],
          timeout: 10,
        },
      )
      .catch((error: unknown) => {
        discovered = null;
        throw error;
      });
    return discovered;
  };
}
