import http from 'node:http';

/** A GraphQL-over-HTTP client on one keep-alive agent, like an application server's client. */
export class GraphQLClient {
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly url: URL;

  constructor(
    url: string,
    private readonly headers: Record<string, string> = {},
  ) {
    this.url = new URL(url);
  }

  /** Sends `value` as header `name` from now on (a refreshed access token). */
  setHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  /** Posts one operation; resolves with the parsed response body and the HTTP status. */
  request(
    query: string,
    variables: Record<string, unknown>,
  ): Promise<{ data?: unknown; errors?: unknown[]; status: number }> {
    const body = JSON.stringify({ query, variables });
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent: this.agent,
          host: this.url.hostname,
          port: this.url.port,
          path: this.url.pathname,
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            ...this.headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              resolve({ ...JSON.parse(Buffer.concat(chunks).toString('utf8')), status: res.statusCode ?? 0 });
            } catch (error) {
              reject(error);
            }
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  close() {
    this.agent.destroy();
  }
}
