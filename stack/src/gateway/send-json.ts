/** The gateway's own JSON answers: never cached. */
import type http from 'node:http';

/** Answers `status` with `body` as JSON, `cache-control: no-store`, and any extra headers. */
export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res
    .writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers })
    .end(text);
}
