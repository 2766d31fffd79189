import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';

export type OperationKind = 'query' | 'mutation' | 'subscription';

/** One GraphQL operation the page started: a POST to /v1/graphql, or a `subscribe` frame on the socket. */
export interface GraphqlOperation {
  kind: OperationKind;
  name: string;
  transport: 'http' | 'ws';
  /** When it was sent (Node's clock, performance.now()). */
  sentAt: number;
  /** Its HTTP request (for timings and the body), when it went over HTTP. */
  request?: Request;
  variables?: Record<string, unknown>;
}

const OPERATION = /(?:^|[\s}])(query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)/;

/** The kind and name of a document's operation (the first one; ours have one each). */
export function operationOf(
  query: string,
  operationName?: string | null,
): { kind: OperationKind; name: string } {
  const match = OPERATION.exec(query);
  // A document without a keyword (`{ … }`) is a query.
  const kind = (match?.[1] ?? 'query') as OperationKind;
  return { kind, name: operationName ?? match?.[2] ?? '(anonymous)' };
}

/**
 * Every GraphQL operation a page starts, by intercepting nothing: Playwright's request events for
 * the HTTP POSTs and the WebSocket's sent frames (graphql-transport-ws `subscribe` messages).
 */
export class GraphqlTraffic {
  readonly operations: GraphqlOperation[] = [];

  constructor(page: Page) {
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !new URL(request.url()).pathname.startsWith('/v1/graphql')) return;
      const body = request.postDataJSON() as unknown;
      for (const op of Array.isArray(body) ? body : [body]) {
        const {
          query = '',
          operationName,
          variables,
        } = (op ?? {}) as {
          query?: string;
          operationName?: string;
          variables?: Record<string, unknown>;
        };
        const parsed = operationOf(query, operationName);
        this.operations.push({ ...parsed, transport: 'http', sentAt: performance.now(), request, variables });
      }
    });
    page.on('websocket', (socket) => {
      if (!new URL(socket.url()).pathname.startsWith('/v1/graphql')) return;
      socket.on('framesent', (frame) => {
        if (typeof frame.payload !== 'string') return;
        let message: {
          type?: string;
          payload?: { query?: string; operationName?: string; variables?: never };
        };
        try {
          message = JSON.parse(frame.payload);
        } catch {
          return;
        }
        if (message.type !== 'subscribe' && message.type !== 'start') return;
        const parsed = operationOf(message.payload?.query ?? '', message.payload?.operationName);
        this.operations.push({
          ...parsed,
          transport: 'ws',
          sentAt: performance.now(),
          variables: message.payload?.variables,
        });
      });
    });
  }

  /** The operations sent at or after `since` (Node's performance.now()). */
  since(since: number): GraphqlOperation[] {
    return this.operations.filter((op) => op.sentAt >= since);
  }

  /** Resolves once `predicate` holds for the operations sent since `since` (checked every 20 ms). */
  async waitFor(
    since: number,
    predicate: (ops: GraphqlOperation[]) => boolean,
    timeoutMs: number,
  ): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    while (!predicate(this.since(since))) {
      if (performance.now() > deadline)
        throw new Error(
          `GraphQL traffic: timed out; sent so far: ${this.since(since)
            .map((o) => `${o.kind} ${o.name}`)
            .join(', ')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The web features that make up the assessment screen and its Accreditation tab. */
const ASSESSMENT_FEATURES = [
  'assessments',
  'assessment-screen',
  'assessment-offline',
  'assessment-review',
  'survey-visit',
  'certificates',
];

/**
 * The operations the assessment features define (web/src/features/<feature>/api), by name:
 * what counts as the screen's own; anything else the page sends belongs to the shell.
 */
export function featureOperations(repoRoot: string): Map<string, OperationKind> {
  const names = new Map<string, OperationKind>();
  for (const feature of ASSESSMENT_FEATURES) {
    const dir = path.join(repoRoot, 'web/src/features', feature, 'api');
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/\b(query|mutation|subscription)\s+([A-Za-z_][A-Za-z0-9_]*)\s*[({]/g))
        names.set(m[2]!, m[1] as OperationKind);
    }
  }
  return names;
}

/** Operations grouped by kind, each name with how many times it was sent. */
export function tally(ops: readonly GraphqlOperation[]): Record<OperationKind, Record<string, number>> {
  const out: Record<OperationKind, Record<string, number>> = { query: {}, mutation: {}, subscription: {} };
  for (const op of ops) out[op.kind][op.name] = (out[op.kind][op.name] ?? 0) + 1;
  return out;
}
