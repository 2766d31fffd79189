/** Runs the whole stack: each step of its start in order, then until a stop or a failure ends it. */
import path from 'node:path';
import { loadProject } from '@portal/engine';
import { printBanner } from './banner.ts';
import type { StackConfig } from './config/config.ts';
import { resolveSecrets } from './config/secrets.ts';
import { Resources, StopRequested } from './lifecycle.ts';
import { type Color, createLogger, type LogOutput } from './log.ts';
import { DEFAULT_RESTART_POLICY, type RestartPolicy } from './services/supervisor.ts';
import { SERVICES, type ServiceContext, type ServiceSpec } from './services/table.ts';
import { openGateway } from './start/open-gateway.ts';
import { preflight } from './start/preflight.ts';
import {
  type PlannedService,
  planServices,
  type ServiceStates,
  type StartContext,
} from './start/start-context.ts';
import { startPostgres } from './start/start-postgres.ts';
import { startServices } from './start/start-services.ts';
import { startStorage } from './start/start-storage.ts';
import { startWebBuild } from './start/start-web-build.ts';

/** The services a stack runs by default: the Vite dev server only with WEB_SERVE=dev (`npm run dev`). */
export function servicesFor(config: StackConfig): readonly ServiceSpec[] {
  return config.web.serve === 'dev' ? SERVICES : SERVICES.filter((s) => s.name !== 'web');
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

  const ctx: StartContext = {
    config,
    policy: { ...DEFAULT_RESTART_POLICY, ...options.restart },
    logger,
    log,
    resources,
    fail,
  };
  const services = planServices(config, options.services ?? servicesFor(config));
  const ready = start(ctx, services).then(
    () => true,
    (error: Error) => {
      if (!(error instanceof StopRequested || resources.closing)) void shutdown(1, error.message);
      return false;
    },
  );

  return { ready, done, requestStop, fail };
}

/**
 * The start, step by step: the checks, the web build (while the database starts), PostgreSQL,
 * S3, the gateway, the services; then the banner. Throws StopRequested when a stop came first.
 */
async function start(ctx: StartContext, services: PlannedService[]): Promise<void> {
  const { config } = ctx;
  await preflight(ctx, services);

  const secrets = resolveSecrets(config);
  const project = loadProject(path.join(config.root, 'hasura'));
  // The production build, made (or brought up to date) while the database starts.
  const webBuild = startWebBuild(ctx, services, ctx.logger('web', 'green'));
  webBuild.catch(() => {}); // awaited below; a start that fails earlier must not leave it unhandled

  const { database, postgres } = await startPostgres(ctx, project);
  await startStorage(ctx, secrets, database);

  const states: ServiceStates = { healthy: new Set(), supervisors: new Map() };
  await webBuild;
  await openGateway(ctx, { services, secrets, database, postgres, states });

  const context: ServiceContext = { config, secrets, databaseUrl: database.url };
  await startServices(ctx, services, context, states);
  if (ctx.resources.closing) throw new StopRequested();
  printBanner(
    config,
    ctx.log,
    database.seeded,
    services.some((s) => s.spec.name === 'actions') ? secrets.devPagesKey : undefined,
  );
}
