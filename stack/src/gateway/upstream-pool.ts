/** The replicas of one service behind the gateway: which to send the next request to. */
import http from 'node:http';

/** A service (or one replica of it) the gateway forwards to. */
export interface Upstream {
  name: string;
  host: string;
  port: number;
}

export interface PoolOptions {
  /** Asked on each replica every `intervalMs`; a replica that fails it gets no new requests. */
  healthPath?: string;
  /** Default 1 s: with the time-out, a replica that hangs is left out within two seconds. */
  intervalMs?: number;
  /** Default 1 s. */
  timeoutMs?: number;
}

/** A replica's name: the service's own when it runs alone, else `engine-1`, `engine-2`… */
export function replicaName(service: string, index: number, count: number): string {
  return count > 1 ? `${service}-${index + 1}` : service;
}

interface Member {
  upstream: Upstream;
  /** False after a failed health check or a refused connection, until a check passes. */
  up: boolean;
}

/**
 * The replicas of one service (one or more), balanced round robin over those that are up.
 * A replica is left out as soon as a connection to it is refused (`markDown`) or a health
 * check fails (every second, one-second time-out), and taken back once a check passes. When every
 * replica looks down the gateway still tries them all (a check may lag a recovery): the client
 * gets the 503 only from a service that is really down.
 */
export class UpstreamPool {
  readonly name: string;
  private readonly members: Member[];
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly agent = new http.Agent({ keepAlive: false });

  constructor(
    upstreams: Upstream | readonly Upstream[],
    private readonly options: PoolOptions = {},
  ) {
    const list = Array.isArray(upstreams) ? upstreams : [upstreams as Upstream];
    if (list.length === 0) throw new Error('a pool needs at least one upstream');
    this.members = list.map((upstream) => ({ upstream, up: true }));
    this.name = list[0]!.name.replace(/-\d+$/, '');
  }

  /** How many replicas the pool has. */
  get size(): number {
    return this.members.length;
  }

  /** The replicas that are up, by name. */
  upNames(): string[] {
    return this.members.filter((m) => m.up).map((m) => m.upstream.name);
  }

  /**
   * The replicas to try for one request, in order: the next up one (round robin), the other up
   * ones, then the ones that look down.
   */
  order(): Upstream[] {
    const count = this.members.length;
    const start = this.next++ % count;
    const rotated = this.members.map((_, i) => this.members[(start + i) % count]!);
    return [...rotated.filter((m) => m.up), ...rotated.filter((m) => !m.up)].map((m) => m.upstream);
  }

  /** A connection to `upstream` was refused: no new requests until a health check passes. */
  markDown(upstream: Upstream): void {
    const member = this.members.find((m) => m.upstream === upstream);
    if (member) member.up = false;
  }

  /** Starts the health checks (only with more than one replica and a health path). */
  start(): void {
    if (this.timer || this.members.length < 2 || !this.options.healthPath) return;
    this.timer = setInterval(() => void this.checkAll(), this.options.intervalMs ?? 1000);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.agent.destroy();
  }

  private async checkAll(): Promise<void> {
    await Promise.all(
      this.members.map(async (member) => {
        member.up = await this.healthy(member.upstream);
      }),
    );
  }

  private healthy(upstream: Upstream): Promise<boolean> {
    return new Promise((resolve) => {
      const request = http.get(
        {
          host: upstream.host,
          port: upstream.port,
          path: this.options.healthPath,
          agent: this.agent,
          timeout: this.options.timeoutMs ?? 1000,
        },
        (answer) => {
          answer.resume();
          resolve(answer.statusCode === 200);
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', () => resolve(false));
    });
  }
}
