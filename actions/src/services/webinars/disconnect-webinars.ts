import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { openToken, tokenBoxKey } from './token-box.ts';
import { requireWebinarConfig, type WebinarCaller } from './webinar-config.ts';
import { revokeToken, WebinarProviderError } from './webinar-provider.ts';

/**
 * `disconnectWebinars`: forgets the caller's tokens and asks the provider to revoke them (refresh
 * token first: RFC 7009 has that revoke its access tokens too). A refused revocation is only
 * logged: the tokens are forgotten either way.
 */
export async function disconnectWebinars(app: FastifyInstance, caller: Pick<WebinarCaller, 'userId'>) {
  const config = requireWebinarConfig(app);
  const row = await app.db.maybeOne<{ access_token_enc: string; refresh_token_enc: string | null }>(sql`
    delete from public.webinar_connections where user_id = ${caller.userId}
    returning access_token_enc, refresh_token_enc`);
  if (!row) return { connected: false };
  const key = tokenBoxKey(app.config.actionsSecret);
  const refresh = row.refresh_token_enc === null ? null : openToken(row.refresh_token_enc, key);
  const access = openToken(row.access_token_enc, key);
  const [token, hint] = refresh !== null ? [refresh, 'refresh_token'] : [access, 'access_token'];
  if (token !== null) {
    try {
      await revokeToken(app, config, token, hint as string);
    } catch (error) {
      if (!(error instanceof WebinarProviderError)) throw error;
      app.log.warn(
        { userId: caller.userId, status: error.status, reason: error.message },
        'webinar token revocation failed',
      );
    }
  }
  return { connected: false };
}
