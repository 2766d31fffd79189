/** `/v1/graphql` over HTTP in each caller's turn: the fair share between users in front of the engine. */
import type http from 'node:http';
import type { Caller } from './caller.ts';
import type { FairShare, Ticket } from './fair-share.ts';
import { type ForwardOptions, forwardRequest } from './proxy.ts';
import { sendJson } from './send-json.ts';
import type { UpstreamPool } from './upstream-pool.ts';

/**
 * Forwards a request in the caller's turn (`FairShare`), or answers 429 with Retry-After and a
 * GraphQL error when the caller has too many requests running or waiting. The engine's admin
 * secret takes no user's share.
 */
export function forwardInTurn(
  parts: {
    identify: (req: http.IncomingMessage) => Promise<Caller>;
    fairShare: FairShare;
    forward: ForwardOptions;
  },
  req: http.IncomingMessage,
  res: http.ServerResponse,
  upstream: UpstreamPool,
): void {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  void parts
    .identify(req)
    .then((caller): Promise<Ticket> | Ticket =>
      caller.engineAdmin ? { release: () => {} } : parts.fairShare.admit(caller.key, gone.signal),
    )
    .then(
      (ticket) => {
        if ('refused' in ticket) {
          if (res.destroyed) return;
          // Read and dropped, so the connection can carry the client's next request.
          req.resume();
          sendJson(
            res,
            429,
            {
              errors: [
                {
                  message: `${ticket.refused.message}; try again in ${ticket.refused.retryAfterSeconds} s`,
                  extensions: { path: '$', code: 'too-many-requests' },
                },
              ],
            },
            { 'retry-after': String(ticket.refused.retryAfterSeconds) },
          );
          return;
        }
        if (res.destroyed) {
          ticket.release();
          return;
        }
        res.once('close', () => ticket.release());
        forwardRequest(req, res, upstream, parts.forward);
      },
      () => res.destroy(),
    );
}
