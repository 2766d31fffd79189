/** The gateway's own JSON answers: never cached. */
import type http from 'node:http';

/** Answers `status` with `body` as JSON (with its length), `cache-control: no-store`, and any extra headers. */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: http.OutgoingHttpHeaders = {},
): void {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(text),
      ...headers,
    })
    .end(text);
}
