import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { openToken, sealToken, tokenBoxKey } from './token-box.ts';
import type { WebinarCaller } from './webinar-config.ts';
import { fetchWebinars, refreshTokens, type Webinar, WebinarProviderError } from './webinar-provider.ts';

export interface WebinarsAnswer {
  /** Whether this portal has a webinar provider at all. */
  available: boolean;
  /** Whether the caller has a stored connection. */
  connected: boolean;
  /** The connection no longer works (expired or refused token): the page offers to reconnect. */
  reconnect: boolean;
  webinars: Webinar[];
}

/**
 * `webinars`: the caller's connection and, with it, the provider's upcoming webinars fetched with
 * the caller's own token (the row of their user id, never another's). An access token that is
 * expired, cannot be opened or is refused is renewed once with the refresh token; what still fails
 * is only logged (spec 002 §8) and answered as `reconnect`.
 */
export async function listWebinars(
  app: FastifyInstance,
  caller: Pick<WebinarCaller, 'userId'>,
): Promise<WebinarsAnswer> {
  const config = app.config.webinar;
  if (!config) return { available: false, connected: false, reconnect: false, webinars: [] };
  const row = await app.db.maybeOne<{
    access_token_enc: string;
    refresh_token_enc: string | null;
    expires_at: Date | null;
  }>(sql`
    select access_token_enc, refresh_token_enc, expires_at
      from public.webinar_connections where user_id = ${caller.userId}`);
  if (!row) return { available: true, connected: false, reconnect: false, webinars: [] };
  const key = tokenBoxKey(app.config.actionsSecret);
  const log = (reason: string, extra: Record<string, unknown> = {}) =>
    app.log.warn({ userId: caller.userId, reason, ...extra }, 'webinar token failed');
  const reconnect = { available: true, connected: true, reconnect: true, webinars: [] };

  const expired = row.expires_at !== null && row.expires_at.getTime() <= Date.now();
  const token = expired ? null : openToken(row.access_token_enc, key);
  if (token !== null) {
    try {
      return {
        available: true,
        connected: true,
        reconnect: false,
        webinars: await fetchWebinars(app, config, token),
      };
    } catch (error) {
      if (!(error instanceof WebinarProviderError)) throw error;
      log(error.message, { status: error.status });
      // Only a refused token is worth renewing; a provider that is down or answers nonsense is not.
      if (error.status !== 401) return reconnect;
    }
  } else {
    log(expired ? 'access token expired' : 'stored token cannot be opened (another key?)');
  }

  // Once with the refresh token (RFC 6749 §6), keeping what it gives for next time.
  const refreshToken = row.refresh_token_enc === null ? null : openToken(row.refresh_token_enc, key);
  if (refreshToken === null) return reconnect;
  try {
    const tokens = await refreshTokens(app, config, refreshToken);
    await app.db.many(sql`
      update public.webinar_connections
         set access_token_enc = ${sealToken(tokens.accessToken, key)},
             refresh_token_enc = ${tokens.refreshToken === null ? null : sealToken(tokens.refreshToken, key)},
             expires_at = ${tokens.expiresAt}
       where user_id = ${caller.userId}
      returning user_id`);
    return {
      available: true,
      connected: true,
      reconnect: false,
      webinars: await fetchWebinars(app, config, tokens.accessToken),
    };
  } catch (error) {
    if (!(error instanceof WebinarProviderError)) throw error;
    log(`after refresh: ${error.message}`, { status: error.status });
    return reconnect;
  }
}
