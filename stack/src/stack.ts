import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Cluster } from '@portal/devdb';
import { loadProject } from '@portal/engine';
import { printBanner } from './banner.ts';
import type { StackConfig } from './config/config.ts';
import { resolveSecrets, type Secrets, s3WithSecret } from './config/secrets.ts';
import { startDatabase } from './data/database.ts';
import { storeDemoFiles } from './data/demo-files/store-demo-files.ts';
import { stopLeftoverPostgres } from './data/leftover-postgres.ts';
import { startS3rver } from './data/s3.ts';
import { type GatewayOptions, startGateway, type Target } from './gateway/gateway.ts';
import { securityHeaders } from './gateway/security-headers.ts';
import { type HealthCheck, httpCheck, postgresCheck, runHealthChecks, s3Check } from './health.ts';
import { Resources, StopRequested } from './lifecycle.ts';
import { acquireLock } from './lock.ts';
import { type Color, createLogger, type Logger, type LogOutput } from './log.ts';
import { findBusyPorts, type PortClaim } from './ports.ts';
import { Child, type ChildOptions, describeExit } from './services/child.ts';
import { DEFAULT_RESTART_POLICY, type RestartPolicy, type Run, Supervisor } from './services/supervisor.ts';
import {
  describeMissingEntries,
  missingEntry,
  SERVICES,
  type ServiceContext,
  type ServiceSpec,
} from './services/table.ts';
import { ensureWebBuild } from './web/web-build.ts';

/** Polls `url` until it answers 200, the process exits, or time runs out. */
async function waitHealthy(
  name: string,
  exited: Promise<unknown>,
  url: string,
  timeoutMs: number,
  resources: Resources,
): Promise<void> {
  const check = httpCheck(url);
  const deadline = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (resources.closing) throw new StopRequested();
    if (gone) throw new Error(`${name} exited before it became healthy`);
    const problem = await check();
    if (problem === null) return;
    if (Date.now() > deadline)
      throw new Error(`${name} did not become healthy within ${timeoutMs / 1000} s: ${problem}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** How long a service may take to stop on SIGTERM before SIGKILL (services stop together). */
const SERVICE_GRACE_MS = 3000;
/** How long PostgreSQL may take for a fast shutdown before an immediate one, then SIGKILL. */
const POSTGRES_GRACE_MS = 2500;

/** Starts a service as a child process: one run of its supervisor. */
function spawnService(options: ChildOptions): Run {
  const child = new Child(options);
  return {
    exited: child.exited.then(describeExit),
    stop: () => child.stop(SERVICE_GRACE_MS),
    kill: () => child.kill(),
    lastLines: () => child.lastLines(),
  };
}

/** An embedded PostgreSQL server: one run of its supervisor. */
function clusterRun(cluster: Cluster): Run {
  return {
    exited: cluster.exited.then(describeExit),
    stop: () => cluster.stop(POSTGRES_GRACE_MS),
    kill: () => {
      if (cluster.pid) {
        try {
          process.kill(cluster.pid, 'SIGKILL');
        } catch {
          // Gone already.
        }
      }
    },
  };
}

type PlannedService = { spec: ServiceSpec };

/** The services a stack runs by default: the Vite dev server only with WEB_SERVE=dev (`npm run dev`). */
export function servicesFor(config: StackConfig): readonly ServiceSpec[] {
  return config.web.serve === 'dev' ? SERVICES : SERVICES.filter((s) => s.name !== 'web');
}

/**
 * With WEB_SERVE=dist and WEB_BUILD=auto, makes the production build current (issue 27), cancelled
 * by a stop. Resolves at once otherwise. A failed build fails the start with Vite's words.
 */
async function startWebBuild(
  config: StackConfig,
  services: PlannedService[],
  log: Logger,
  resources: Resources,
): Promise<void> {
  if (config.web.serve !== 'dist' || config.web.build !== 'auto') return;
  if (services.some((s) => s.spec.name === 'web')) return;
  const abort = new AbortController();
  await resources.add({ name: 'web build', stop: async () => abort.abort() });
  try {
    await ensureWebBuild({ root: config.root, dist: config.web.dist, log, signal: abort.signal });
  } catch (error) {
    if (resources.closing) throw new StopRequested();
    throw new Error(
      `${(error as Error).message}\nFix the error above and start again; \`npm run dev\` serves the app without a build.`,
    );
  }
}

/**
 * The demo data was just loaded: a small real file at each of its storage keys, so every demo
 * download works. A failure does not stop the stack (the product works, those downloads do not)
 * and says how to get the files.
 */
async function storeDemoFilesOnce(
  databaseUrl: string,
  config: StackConfig,
  secrets: Secrets,
  log: Logger,
): Promise<void> {
  try {
    const stored = await storeDemoFiles(databaseUrl, s3WithSecret(config, secrets), config.publicUrl);
    log(`demo files: ${stored.written} stored, ${stored.present} already there`);
    if (stored.skipped.length)
      log.error(
        `no demo file is made for these types, their downloads will fail: ${stored.skipped.join(', ')}`,
      );
  } catch (error) {
    log.error(
      `could not store the demo files (${(error as Error).message}); their downloads will fail until 'npm run reset'`,
    );
  }
}

/** A health check that first says so while the supervisor is restarting the process. */
function restartingOr(
  supervisor: Supervisor | undefined,
  check: () => Promise<string | null>,
): () => Promise<string | null> {
  return async () => supervisor?.restarting ?? check();
}

/** Every port the stack will listen on, checked before anything starts. */
function portClaims(config: StackConfig, services: PlannedService[]): PortClaim[] {
  const claims: PortClaim[] = [{ port: config.port, host: config.host, env: 'PORT', service: 'gateway' }];
  if (config.database.kind === 'embedded') {
    claims.push({ port: config.database.port, host: '127.0.0.1', env: 'PGPORT', service: 'PostgreSQL' });
  }
  if (config.s3.kind === 'embedded') {
    claims.push({ port: config.s3.port, host: '127.0.0.1', env: 'S3_PORT', service: 's3rver' });
  }
  for (const { spec } of services) {
    claims.push({ port: spec.port(config), host: '127.0.0.1', env: spec.portEnv, service: spec.name });
  }
  return claims;
}

/** What serves each part of the origin, given which services this stack runs. */
function gatewayTargets(
  config: StackConfig,
  services: PlannedService[],
): Pick<GatewayOptions, 'graphql' | 'api' | 'web'> {
  const runs = (name: ServiceSpec['name']) => services.some((s) => s.spec.name === name);
  const proxy = (name: string, port: number): Target => ({
    kind: 'proxy',
    upstream: { name, host: '127.0.0.1', port },
  });
  let web: Target = { kind: 'status-page' };
  if (runs('web')) web = proxy('web', config.web.port);
  else if (existsSync(path.join(config.web.dist, 'index.html')))
    web = { kind: 'static', dir: config.web.dist };
  return {
    graphql: runs('engine')
      ? proxy('engine', config.engine.port)
      : { kind: 'missing', reason: 'the GraphQL engine is not part of this stack' },
    api: runs('actions')
      ? proxy('actions', config.actions.port)
      : { kind: 'missing', reason: 'the actions service is not part of this stack' },
    web,
  };
}

export interface RunOptions {
  services?: readonly ServiceSpec[];
  /** Where every log line goes (the stack's and the services'); stdout/stderr by default. */
  output?: LogOutput;
  /** When crashed services and PostgreSQL are started again (default DEFAULT_RESTART_POLICY). */
  restart?: Partial<RestartPolicy>;
}

export interface RunningStack {
  /** Resolves true once everything is healthy and the banner is printed, false if start-up failed. */
  ready: Promise<boolean>;
  /** The exit code, once everything has stopped. */
  done: Promise<number>;
  requestStop(reason: string): void;
  /** Stops everything and ends with exit code 1. */
  fail(reason: string): void;
}

/**
 * Starts the whole stack and resolves with the exit code once it has stopped: 0 after a
 * requested stop (SIGINT, SIGTERM, SIGHUP, `requestStop`), 1 after a failure or a child
 * that died.
 */
export async function runStack(config: StackConfig, options: RunOptions = {}): Promise<RunningStack> {
  const policy: RestartPolicy = { ...DEFAULT_RESTART_POLICY, ...options.restart };
  const logger = (name: string, color: Color) => createLogger(name, color, config.color, options.output);
  const log = logger('stack', 'blue');
  const resources = new Resources(log);
  let resolveDone!: (code: number) => void;
  const done = new Promise<number>((resolve) => {
    resolveDone = resolve;
  });

  let exitCode = 0;
  const shutdown = async (code: number, reason: string) => {
    if (resources.closing) return;
    resources.closing = true;
    exitCode = code;
    if (code === 0) log(reason);
    else log.error(reason);
    await resources.stopAll();
    log(code === 0 ? 'everything stopped' : 'everything stopped after an error');
    resolveDone(exitCode);
  };
  const requestStop = (reason: string) => void shutdown(0, reason);
  const fail = (reason: string) => void shutdown(1, reason);

  const start = async () => {
    const lock = acquireLock(config.dataDir);
    await resources.add({ name: 'lock', stop: async () => lock.release() });

    if (config.database.kind === 'embedded') {
      const leftover = await stopLeftoverPostgres(config.database.dataDir);
      if (leftover !== null)
        log(`stopped a PostgreSQL that an earlier, killed start left running (pid ${leftover})`);
    }

    const services: PlannedService[] = (options.services ?? servicesFor(config)).map((spec) => ({ spec }));
    // A service without its entry file is an error, never a silent "skip": a stack that starts
    // without its actions service looks healthy until the first sign-in fails.
    const missing = services.flatMap(({ spec }) => {
      const file = missingEntry(spec, config.root);
      return file === null ? [] : [{ spec, file }];
    });
    if (missing.length) throw new Error(describeMissingEntries(missing));

    const busy = await findBusyPorts(portClaims(config, services));
    if (busy.length) throw new Error(`cannot start:\n${busy.map((b) => `  - ${b}`).join('\n')}`);

    const secrets = resolveSecrets(config);
    const project = loadProject(path.join(config.root, 'hasura'));
    // The production build, made (or brought up to date) while the database starts.
    const webBuild = startWebBuild(config, services, logger('web', 'green'), resources);
    webBuild.catch(() => {}); // awaited below; a start that fails earlier must not leave it unhandled

    const pgLog = logger('postgres', 'yellow');
    pgLog(
      config.database.kind === 'embedded'
        ? `starting embedded PostgreSQL on 127.0.0.1:${config.database.port} (data in ${config.database.dataDir})`
        : 'using the database at DATABASE_URL',
    );
    const database = await startDatabase(config.database, project, pgLog);
    let postgres: Supervisor | undefined;
    if (database.embedded) {
      // A crashed server is started again (it recovers from its write-ahead log); the services
      // answer 503 meanwhile and /healthz names PostgreSQL.
      const { startAgain } = database.embedded;
      postgres = new Supervisor({
        name: 'PostgreSQL',
        launch: async () => clusterRun(await startAgain()),
        policy,
        log: pgLog,
        giveUp: fail,
      });
      const supervisor = postgres;
      await resources.add({
        name: 'PostgreSQL',
        stop: () => supervisor.stop(),
        kill: () => supervisor.kill(),
      });
      await postgres.start(clusterRun(database.embedded.cluster));
      postgres.markReady();
    } else {
      await resources.add({ name: 'PostgreSQL', stop: database.stop });
    }
    pgLog('ready');

    const s3Log = logger('s3', 'green');
    if (config.s3.kind === 'embedded') {
      const s3 = await startS3rver({
        port: config.s3.port,
        directory: config.s3.dataDir,
        bucket: config.s3.bucket,
        allowedOrigins: config.appOrigins,
        secretAccessKey: secrets.s3SecretAccessKey,
      });
      await resources.add({ name: 's3rver', stop: s3.stop });
      s3Log(
        `s3rver on ${s3.endpoint}, bucket '${config.s3.bucket}' (data in ${config.s3.dataDir}), signed requests only`,
      );
    } else {
      s3Log(`using the S3 API at ${config.s3.endpoint}`);
    }
    if (database.seeded) await storeDemoFilesOnce(database.url, config, secrets, s3Log);

    const healthy = new Set<string>();
    const supervisors = new Map<string, Supervisor>();
    const healthChecks = (): HealthCheck[] => [
      {
        name: 'postgres',
        url: config.database.kind === 'embedded' ? `127.0.0.1:${config.database.port}` : 'DATABASE_URL',
        check: restartingOr(postgres, postgresCheck(database.url)),
      },
      { name: 's3', url: config.s3.endpoint, check: s3Check(config.s3.endpoint, config.s3.bucket) },
      ...services.map(({ spec }): HealthCheck => {
        const url = `http://127.0.0.1:${spec.port(config)}${spec.healthPath}`;
        return {
          name: spec.name,
          url,
          // Deleted while running (a checkout, a clean): it could not start again after a crash.
          missing: () => {
            const file = missingEntry(spec, config.root);
            return file === null ? null : `its entry file ${file} does not exist`;
          },
          check: restartingOr(supervisors.get(spec.name), httpCheck(url)),
          starting: () => !healthy.has(spec.name),
        };
      }),
    ];

    await webBuild;
    const targets = gatewayTargets(config, services);
    const gateway = await startGateway({
      host: config.host,
      port: config.port,
      ...targets,
      health: () => runHealthChecks(healthChecks()),
      maxBodyBytes: config.gateway.maxBodyBytes,
      jwtSecret: secrets.jwtSecret,
      adminSecret: secrets.adminSecret,
      headers: securityHeaders({
        s3Origins: [config.s3.publicEndpoint],
        // Vite's dev server behind `/` needs inline scripts (its React refresh preamble).
        dev: targets.web.kind === 'proxy',
        publicUrl: config.publicUrl,
      }),
    });
    await resources.add({ name: 'gateway', stop: gateway.close, first: true });
    log(`gateway on http://${config.host}:${gateway.port}`);

    const context: ServiceContext = { config, secrets, databaseUrl: database.url };
    const started: Promise<void>[] = [];
    for (const { spec } of services) {
      const { command, args, cwd } = spec.command(context);
      const childOptions: ChildOptions = {
        name: spec.name,
        command,
        args,
        cwd: cwd ?? config.root,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'development',
          FORCE_COLOR: config.color ? '1' : undefined,
          ...spec.env(context),
        },
        log: logger(spec.name, spec.color),
      };
      const supervisor = new Supervisor({
        name: spec.name,
        launch: async () => spawnService(childOptions),
        policy,
        log,
        giveUp: fail,
        whenItKeepsCrashing: spec.whenItKeepsCrashing,
      });
      supervisors.set(spec.name, supervisor);
      await resources.add({
        name: spec.name,
        stop: () => supervisor.stop(),
        kill: () => supervisor.kill(),
        group: 'services',
      });
      const first = await supervisor.start();
      started.push(
        waitHealthy(
          spec.name,
          first.exited,
          `http://127.0.0.1:${spec.port(config)}${spec.healthPath}`,
          spec.startTimeoutMs,
          resources,
        ).then(() => {
          healthy.add(spec.name);
          supervisor.markReady();
        }),
      );
    }
    await Promise.all(started);
    if (resources.closing) throw new StopRequested();
    printBanner(
      config,
      log,
      database.seeded,
      services.some((s) => s.spec.name === 'actions') ? secrets.devPagesKey : undefined,
    );
  };

  const ready = start().then(
    () => true,
    (error: Error) => {
      if (!(error instanceof StopRequested || resources.closing)) void shutdown(1, error.message);
      return false;
    },
  );

  return { ready, done, requestStop, fail };
}
