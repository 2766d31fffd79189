import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Headers } from '../auth/authenticate.ts';
import type { EngineCore } from '../engine/engine.ts';
import { type GraphQLRequest, parseRequest } from '../engine/request.ts';
import { errorBody, HasuraError } from '../errors.ts';
import type { Session } from '../exec/executor.ts';
import type { LiveQueries } from '../live/poller.ts';
import { flatHeaders } from './http.ts';

type Message = { type?: string; id?: string; payload?: Record<string, unknown> };

/** Serves graphql-transport-ws and the legacy Apollo protocol on `/v1/graphql`. */
export class WsServer {
  readonly wss: WebSocketServer;

  constructor(
    private readonly core: EngineCore,
    private readonly live: LiveQueries,
  ) {
    this.wss = new WebSocketServer({
      noServer: true,
      // A message is a request: the same size limit as an HTTP body.
      maxPayload: core.options.maxBodyBytes ?? 1024 * 1024,
      handleProtocols: (protocols) =>
        protocols.has('graphql-transport-ws')
          ? 'graphql-transport-ws'
          : protocols.has('graphql-ws')
            ? 'graphql-ws'
            : false,
    });
    this.wss.on(
      'connection',
      (socket, req) => new Connection(this.core, this.live, socket, flatHeaders(req.headers)),
    );
    // Like Hasura when its metadata changes: every connection is closed with 1012 (service
    // restart); clients reconnect and subscribe again on the new schema.
    this.stopWatching = core.onMetadataChange(() => {
      for (const client of this.wss.clients)
        client.close(1012, 'Server state changed, restarting the server');
    });
  }

  private readonly stopWatching: () => void;

  /** Hands an HTTP upgrade on `/v1/graphql` to the WebSocket server. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    if ((req.url ?? '').split('?')[0] !== '/v1/graphql') {
      socket.destroy();
      return;
    }
    this.wss.handleUpgrade(req, socket, head, (ws) => this.wss.emit('connection', ws, req));
  }

  close() {
    this.stopWatching();
    for (const client of this.wss.clients) client.terminate();
    this.wss.close();
  }
}

class Connection {
  private readonly modern: boolean;
  private session: Session | undefined;
  private headers: Headers = {};
  private readonly ops = new Map<string, () => void>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly keepalive: number;

  constructor(
    private readonly core: EngineCore,
    private readonly live: LiveQueries,
    private readonly socket: WebSocket,
    private readonly handshake: Headers,
  ) {
    this.modern = socket.protocol === 'graphql-transport-ws';
    this.keepalive = (core.options.wsKeepaliveSeconds ?? 5) * 1000;
    if (this.modern)
      this.timers.push(
        setTimeout(
          () => !this.session && socket.close(4408, 'Connection initialisation timeout'),
          (this.core.options.wsInitTimeoutSeconds ?? 3) * 1000,
        ),
      );
    socket.on('message', (data) => void this.onMessage(data.toString()));
    socket.on('close', () => this.cleanup());
    socket.on('error', () => this.cleanup());
  }

  private send(message: unknown) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private cleanup() {
    for (const t of this.timers) clearTimeout(t);
    for (const stop of this.ops.values()) stop();
    this.ops.clear();
  }

  private async onMessage(text: string) {
    let msg: Message;
    try {
      msg = JSON.parse(text);
    } catch {
      if (this.modern) this.socket.close(4400, 'Invalid message received');
      return;
    }
    switch (msg.type) {
      case 'connection_init':
        return this.init(msg.payload ?? {});
      case 'ping':
        return this.send({ type: 'pong', payload: msg.payload });
      case 'pong':
        return;
      case 'subscribe':
      case 'start':
        return this.start(msg);
      case 'complete':
      case 'stop':
        this.ops.get(String(msg.id))?.();
        this.ops.delete(String(msg.id));
        return;
      case 'connection_terminate':
        return this.socket.close(1000);
      default:
        if (this.modern) this.socket.close(4400, `Invalid message type: ${String(msg.type)}`);
    }
  }

  private async init(payload: Record<string, unknown>) {
    if (this.session) {
      if (this.modern) this.socket.close(4429, 'Too many initialisation requests');
      return;
    }
    const given = (
      payload.headers && typeof payload.headers === 'object' ? payload.headers : payload
    ) as Record<string, unknown>;
    const headers: Headers = { ...this.handshake };
    for (const [k, v] of Object.entries(given)) if (typeof v === 'string') headers[k.toLowerCase()] = v;
    try {
      this.session = await this.core.auth.session(headers);
    } catch (error) {
      const message = error instanceof HasuraError ? error.message : 'internal error';
      if (this.modern) this.socket.close(4403, 'Forbidden');
      else {
        this.send({ type: 'connection_error', payload: message });
        // WebSocket close reasons are limited to 123 bytes.
        const reason = JSON.stringify({
          server_error_msg: `4400: Connection initialization failed: ${message}`,
        });
        this.socket.close(4400, Buffer.byteLength(reason) <= 123 ? reason : reason.slice(0, 120));
      }
      return;
    }
    this.headers = headers;
    this.send({ type: 'connection_ack' });
    if (this.modern)
      this.timers.push(
        setInterval(() => this.send({ type: 'ping', payload: { message: 'keepalive' } }), this.keepalive),
      );
    else {
      this.send({ type: 'ka' });
      this.timers.push(setInterval(() => this.send({ type: 'ka' }), this.keepalive));
    }
    const expiresAt = this.session.expiresAt;
    if (expiresAt !== undefined) {
      // The socket cannot outlive its token: clients must reconnect with a fresh one.
      const delay = Math.max(0, expiresAt - Date.now());
      this.timers.push(
        setTimeout(() => {
          if (!this.modern)
            this.send({ type: 'connection_error', payload: 'Could not verify JWT: JWTExpired' });
          this.socket.close(this.modern ? 4403 : 1000, this.modern ? 'Forbidden' : 'JWTExpired');
        }, delay),
      );
    }
  }

  private error(id: string, error: unknown) {
    const body = JSON.parse(errorBody(error, this.session?.adminAuth ?? false)) as { errors: unknown[] };
    if (this.modern) this.send({ type: 'error', id, payload: body.errors });
    else {
      this.send({ type: 'error', id, payload: { errors: body.errors } });
      this.send({ type: 'complete', id });
    }
  }

  private async start(msg: Message) {
    const id = String(msg.id);
    if (!this.session) {
      if (this.modern) this.socket.close(4401, 'Unauthorized');
      return;
    }
    if (this.ops.has(id)) {
      if (this.modern) this.socket.close(4409, `Subscriber for ${id} already exists`);
      else
        this.error(
          id,
          new HasuraError('validation-failed', `an operation already exists with this id: ${id}`),
        );
      return;
    }
    const session = this.session;
    const cap = this.core.limits.forRole(session.role).maxSocketOperations;
    if (cap !== undefined && this.ops.size >= cap)
      return this.error(
        id,
        new HasuraError(
          'validation-failed',
          `a connection may have at most ${cap} operations running at once`,
        ),
      );
    const next = this.modern ? 'next' : 'data';
    let req: ReturnType<typeof parseRequest>;
    let plan: ReturnType<EngineCore['plan']>;
    // The id is taken while the operation waits for its turn to be planned.
    this.ops.set(id, () => {});
    try {
      req = parseRequest((msg.payload ?? {}) as GraphQLRequest);
      plan = await this.core.planInTurn(session, req, this.headers);
    } catch (error) {
      this.ops.delete(id);
      return this.error(id, error);
    }
    // Completed by the client meanwhile.
    if (!this.ops.has(id)) return;
    if (plan.operation !== 'subscription') {
      const body = await this.core.execute(session, msg.payload as GraphQLRequest, this.headers, 'ws');
      if (!this.ops.has(id)) return;
      this.ops.delete(id);
      this.send({ type: next, id, payload: JSON.parse(body) });
      this.send({ type: 'complete', id });
      return;
    }
    const subscriber = {
      last: undefined as string | undefined,
      push: (result: string) => this.send({ type: next, id, payload: JSON.parse(result) }),
    };
    let stop: (() => void) | undefined;
    let cancelled = false;
    this.ops.set(id, () => {
      cancelled = true;
      stop?.();
    });
    try {
      stop = await this.live.subscribe(plan, req.variables, session.vars, subscriber);
      if (cancelled) stop();
    } catch (error) {
      this.ops.delete(id);
      this.error(id, error);
    }
  }
}
