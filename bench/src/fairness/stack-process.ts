import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@portal/devdb';
import { SignJWT } from 'jose';
import { REPO_ROOT } from '../data/scale-database.ts';

/** The stack as `npm start` runs it, in a process of its own (gateway there, engine and actions its children). */
export interface StackProcess {
  /** The gateway's origin. */
  url: string;
  /** The engine's own port (its /healthz is asked directly too). */
  engineUrl: string;
  /** The first replica's port of the engine and of actions (each further replica's is the next). */
  ports: { engine: number; actions: number };
  /** The stack's process (it runs the gateway). */
  pid: number;
  /** The engine's process, once it is up. */
  enginePid(): number | undefined;
  lastLines(): string;
  stop(): Promise<void>;
}

/** Whether nothing listens on `port` of 127.0.0.1 (a listener there can be opened and closed). */
function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * The first of `count` consecutive free ports (from `after` on when given, else any), none of
 * them one of `taken` (chosen for another service, not listening yet).
 */
async function freePorts(count: number, taken: readonly number[], after?: number): Promise<number> {
  for (
    let first = after ?? (await freePort());
    ;
    first = after === undefined ? await freePort() : first + 1
  ) {
    let all = true;
    for (let i = 0; i < count && all; i++) all = !taken.includes(first + i) && (await isFree(first + i));
    if (all) return first;
  }
}

/** The processes whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces) in parentheses: state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return out;
}

/**
 * CPU seconds (user + system) a process has used so far, with `reaped` those of its children that
 * have exited (a server whose connections come and go: PostgreSQL's postmaster); 0 once it is gone.
 */
export function cpuSeconds(pid: number, reaped = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of /proc/<pid>/stat (11-14 after the name).
    const own = Number(fields[11]) + Number(fields[12]);
    return (reaped ? own + Number(fields[13]) + Number(fields[14]) : own) / 100;
  } catch {
    return 0;
  }
}

/**
 * Starts `cli.ts supervise` (what `npm start` runs under its launcher) with `env` on top of this
 * process's PATH and HOME, and waits until the gateway's /healthz answers 200.
 */
export async function startStackProcess(
  env: Record<string, string>,
  ports: { gateway: number; engine: number; actions: number },
  log: (line: string) => void,
): Promise<StackProcess> {
  const lines: string[] = [];
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'stack/src/cli.ts', 'supervise'], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(line);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${ports.gateway}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    const gone = await Promise.race([
      exited.then(() => true),
      new Promise((r) => setTimeout(() => r(false), 500)),
    ]);
    if (gone) throw new Error(`the stack stopped before it was healthy:\n${lines.slice(-40).join('\n')}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })
      .then((r) => r.status === 200)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the stack was not healthy in 3 minutes:\n${lines.slice(-40).join('\n')}`);
    }
  }
  log(`stack up at ${url} (pid ${child.pid})`);
  const stackPid = child.pid!;
  return {
    url,
    engineUrl: `http://127.0.0.1:${ports.engine}`,
    ports: { engine: ports.engine, actions: ports.actions },
    pid: stackPid,
    enginePid: () =>
      childrenOf(stackPid).find((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('packages/engine/src/server/main.ts');
        } catch {
          return false;
        }
      }),
    lastLines: () => lines.join('\n'),
    stop: async () => {
      child.kill('SIGTERM');
      const killed = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

/** The secrets of the stacks the benches start (`startBenchStack`). */
export const BENCH_STACK_SECRETS = {
  /** The engine's admin secret (the load bench's requests carry it). */
  adminSecret: 'load-bench-admin-secret',
  /** The HS256 key of the engine's JWT secret (the fairness bench signs its users' tokens with it). */
  jwtKey: 'fairness-bench-key-fairness-bench-key-0123',
} as const;

/**
 * The access token actions would sign for a user of role `user` (a practice manager, a
 * surveyor), with the bench stacks' key: what the engine checks of it.
 */
export function benchUserToken(userId: number): Promise<string> {
  return new SignJWT({
    'https://hasura.io/jwt/claims': {
      'x-hasura-allowed-roles': ['user'],
      'x-hasura-default-role': 'user',
      'x-hasura-user-id': String(userId),
    },
    sub: String(userId),
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(Date.now() / 1000) + 3600)
    .sign(new TextEncoder().encode(BENCH_STACK_SECRETS.jwtKey));
}

/**
 * The stack as `npm start` runs it on `databaseUrl` (no web app: an empty dist), with the admin
 * secret and the JWT secret of BENCH_STACK_SECRETS, on free ports; the load and fairness benches
 * start one each, or share one they are given (their smoke tests).
 */
export async function startBenchStack(
  databaseUrl: string,
  log: (line: string) => void,
  /** Engines and actions services behind the gateway (STACK_REPLICAS). */
  replicas = 1,
): Promise<StackProcess> {
  // A port found free can be taken before a service listens on it: by another test's server or
  // as the local port of any outgoing connection (the ports are in the ephemeral range). The
  // stack then stops with EADDRINUSE, and is started again on other ports (twice at most).
  for (let attempt = 1; ; attempt++) {
    try {
      return await startBenchStackOnce(databaseUrl, log, replicas);
    } catch (error) {
      if (attempt === 3 || !/EADDRINUSE|errno: -98/.test((error as Error).message)) throw error;
      log(`a port was taken as the stack started (attempt ${attempt}); starting it on other ports`);
    }
  }
}

async function startBenchStackOnce(
  databaseUrl: string,
  log: (line: string) => void,
  replicas: number,
): Promise<StackProcess> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-stack-'));
  // Run as root, embedded PostgreSQL (not used here) and s3rver need nothing more; the dist is empty.
  mkdirSync(path.join(dir, 'dist'));
  const [gatewayPort, s3Port, webPort] = await Promise.all(Array.from({ length: 3 }, () => freePort()));
  // Each replica after the first listens on the next port.
  const taken = [gatewayPort!, s3Port!, webPort!];
  const enginePort = await freePorts(replicas, taken);
  const actionsPort = await freePorts(replicas, taken, enginePort + replicas);
  try {
    const stack = await startStackProcess(
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dir, 'data'),
        PORT: String(gatewayPort),
        HASURA_GRAPHQL_SERVER_PORT: String(enginePort),
        ACTIONS_PORT: String(actionsPort),
        S3_PORT: String(s3Port),
        WEB_PORT: String(webPort),
        WEB_BUILD: 'off',
        WEB_DIST: path.join(dir, 'dist'),
        STACK_REPLICAS: String(replicas),
        HASURA_GRAPHQL_ADMIN_SECRET: BENCH_STACK_SECRETS.adminSecret,
        HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'HS256', key: BENCH_STACK_SECRETS.jwtKey }),
        NO_COLOR: '1',
      },
      { gateway: gatewayPort!, engine: enginePort, actions: actionsPort },
      log,
    );
    return {
      ...stack,
      stop: async () => {
        await stack.stop();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}
