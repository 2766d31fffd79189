import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { openToken, tokenBoxKey } from './token-box.ts';
import type { WebinarCaller } from './webinar-config.ts';
import { fetchWebinars, type Webinar, WebinarProviderError } from './webinar-provider.ts';

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
 * the caller's own token (the row of their user id, never another's). A token that is expired,
 * cannot be opened or is refused is only logged (spec 002 §8) and answered as `reconnect`.
 */
export async function listWebinars(
  app: FastifyInstance,
  caller: Pick<WebinarCaller, 'userId'>,
): Promise<WebinarsAnswer> {
  const config = app.config.webinar;
  if (!config) return { available: false, connected: false, reconnect: false, webinars: [] };
  const row = await app.db.maybeOne<{ access_token_enc: string; expires_at: Date | null }>(sql`
    select access_token_enc, expires_at from public.webinar_connections where user_id = ${caller.userId}`);
  if (!row) return { available: true, connected: false, reconnect: false, webinars: [] };
  const reconnect = (reason: string, extra: Record<string, unknown> = {}) => {
    app.log.warn({ userId: caller.userId, reason, ...extra }, 'webinar token failed');
    return { available: true, connected: true, reconnect: true, webinars: [] };
  };
  if (row.expires_at && row.expires_at.getTime() <= Date.now()) return reconnect('access token expired');
  const token = openToken(row.access_token_enc, tokenBoxKey(app.config.actionsSecret));
  if (token === null) return reconnect('stored token cannot be opened (another key?)');
  try {
    return {
      available: true,
      connected: true,
      reconnect: false,
      webinars: await fetchWebinars(app, config, token),
    };
  } catch (error) {
    if (!(error instanceof WebinarProviderError)) throw error;
    return reconnect(error.message, { status: error.status });
  }
}
