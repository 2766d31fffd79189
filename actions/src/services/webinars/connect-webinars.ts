import type { FastifyInstance } from 'fastify';
import { sql } from '../../db/sql.ts';
import { sealToken, tokenBoxKey } from './token-box.ts';
import { requireWebinarConfig, type WebinarCaller } from './webinar-config.ts';
import { exchangeCode, WebinarProviderError } from './webinar-provider.ts';
import { isWebinarStateOf } from './webinar-state.ts';

/**
 * `connectWebinars(code, state)`, from /GoToWebinars/callback: checks the state, exchanges the
 * code server-side for tokens and keeps them, sealed, as the caller's connection. A state that is
 * not the caller's and a refused exchange are only logged (spec 002 §8): the answer says
 * `connected: false`, nothing is stored, and the Webinars page offers to connect again.
 */
export async function connectWebinars(
  app: FastifyInstance,
  caller: WebinarCaller,
  input: { code: string; state: string },
) {
  const config = requireWebinarConfig(app);
  if (!isWebinarStateOf(app.config.actionsSecret, input.state, caller.userId, caller.sessionId)) {
    app.log.warn({ userId: caller.userId }, 'webinar connection refused: the state is not this session’s');
    return { connected: false };
  }
  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(app, config, input.code);
  } catch (error) {
    if (!(error instanceof WebinarProviderError)) throw error;
    app.log.warn(
      { userId: caller.userId, status: error.status, reason: error.message },
      'webinar token exchange failed',
    );
    return { connected: false };
  }
  const key = tokenBoxKey(app.config.actionsSecret);
  await app.db.many(sql`
    insert into public.webinar_connections (user_id, access_token_enc, refresh_token_enc, expires_at)
    values (${caller.userId}, ${sealToken(tokens.accessToken, key)},
            ${tokens.refreshToken === null ? null : sealToken(tokens.refreshToken, key)}, ${tokens.expiresAt})
    on conflict (user_id) do update
       set access_token_enc = excluded.access_token_enc, refresh_token_enc = excluded.refresh_token_enc,
           expires_at = excluded.expires_at, connected_at = now()`);
  return { connected: true };
}
