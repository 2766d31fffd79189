import type { AddressInfo } from 'node:net';
import { installActions } from '../actions/client.ts';
import type { Headers } from '../auth/authenticate.ts';
import { LiveQueries } from '../live/poller.ts';
import { createHttpServer } from '../server/http.ts';
import { WsServer } from '../server/ws.ts';
import type { EngineCore } from './engine.ts';
import { loadEngineCore } from './load-engine-core.ts';
import type { EngineOptions } from './options.ts';
import type { CompiledRequest, GraphQLRequest } from './request.ts';

/** A running (or ready to run) engine: HTTP + WebSocket server around the core. */
export interface Engine {
  core: EngineCore;
  live: LiveQueries;
  /** The bound port once listening. */
  readonly port: number | undefined;
  /** The bound address once listening (127.0.0.1 unless `listen` was given another host). */
  readonly address: string | undefined;
  /** Starts listening (on 127.0.0.1 unless `host` says otherwise); resolves with the bound port (0: any free port). */
  listen(port?: number, host?: string): Promise<number>;
  /** Executes a request as the HTTP endpoint would (headers decide the session). */
  execute(body: GraphQLRequest, headers?: Headers): Promise<unknown>;
  /** The SQL a request compiles to for the session the headers give, without running it. */
  compile(body: GraphQLRequest, headers?: Headers): Promise<CompiledRequest>;
  close(): Promise<void>;
}

/** Creates an engine for a Hasura project directory (validates metadata against the database). */
export async function createEngine(options: EngineOptions): Promise<Engine> {
  const core = await loadEngineCore(options);
  installActions(core, options.env ?? process.env);
  const live = new LiveQueries(
    core.executor.pool,
    options.refetchIntervalMs ?? 1000,
    options.liveBatchSize ?? 1000,
    (text) => core.executor.onStatement?.(text, [], []),
    core.executor.prepare,
  );
  core.onWrite = (tables) => live.wrote(tables);
  const http = createHttpServer(core);
  const ws = new WsServer(core, live);
  http.on('upgrade', (req, socket, head) => ws.upgrade(req, socket, head));
  let port: number | undefined;
  let address: string | undefined;
  return {
    core,
    live,
    get port() {
      return port;
    },
    get address() {
      return address;
    },
    listen: (wanted = 8080, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        http.once('error', reject);
        http.listen(wanted, host, () => {
          ({ port, address } = http.address() as AddressInfo);
          resolve(port);
        });
      }),
    execute: async (body, headers = {}) => JSON.parse(await core.handle(headers, body)),
    compile: async (body, headers = {}) => core.compile(await core.auth.session(headers), body),
    close: async () => {
      live.close();
      ws.close();
      await new Promise<void>((resolve) => {
        http.close(() => resolve());
        http.closeAllConnections();
      });
      await core.executor.close();
    },
  };
}
