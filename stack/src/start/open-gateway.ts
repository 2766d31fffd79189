/** The gateway in front of the stack: what serves each part of the origin, and the health it reports. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { StackConfig } from '../config/config.ts';
import type { Secrets } from '../config/secrets.ts';
import type { RunningDatabase } from '../data/database.ts';
import { type GatewayOptions, startGateway, type Target } from '../gateway/gateway.ts';
import { securityHeaders } from '../gateway/security-headers.ts';
import { type HealthCheck, httpCheck, postgresCheck, runHealthChecks, s3Check } from '../health.ts';
import type { Supervisor } from '../services/supervisor.ts';
import { missingEntry, type ServiceSpec } from '../services/table.ts';
import type { PlannedService, ServiceStates, StartContext } from './start-context.ts';

/** Starts the gateway on the stack's port; it is stopped first on shutdown. */
export async function openGateway(
  ctx: StartContext,
  parts: {
    services: PlannedService[];
    secrets: Secrets;
    database: RunningDatabase;
    postgres: Supervisor | undefined;
    states: ServiceStates;
  },
): Promise<void> {
  const { config } = ctx;
  const { secrets } = parts;
  const targets = gatewayTargets(config, parts.services);
  const gateway = await startGateway({
    host: config.host,
    port: config.port,
    ...targets,
    health: () => runHealthChecks(healthChecks(config, parts)),
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
  await ctx.resources.add({ name: 'gateway', stop: gateway.close, first: true });
  ctx.log(`gateway on http://${config.host}:${gateway.port}`);
}

/** What serves each part of the origin, given which services this stack runs. */
function gatewayTargets(
  config: StackConfig,
  services: PlannedService[],
): Pick<GatewayOptions, 'graphql' | 'api' | 'web'> {
  const runs = (name: ServiceSpec['name']) => services.some((s) => s.spec.name === name);
  // Every replica of the service; the gateway balances over those that answer their health check.
  const proxy = (service: ServiceSpec['name']): Target => {
    const replicas = services.filter((s) => s.spec.name === service);
    return {
      kind: 'proxy',
      upstream: replicas.map(({ name, port }) => ({ name, host: '127.0.0.1', port })),
      healthPath: replicas[0]!.spec.healthPath,
    };
  };
  let web: Target = { kind: 'status-page' };
  if (runs('web')) web = proxy('web');
  else if (existsSync(path.join(config.web.dist, 'index.html')))
    web = { kind: 'static', dir: config.web.dist };
  return {
    graphql: runs('engine')
      ? proxy('engine')
      : { kind: 'missing', reason: 'the GraphQL engine is not part of this stack' },
    api: runs('actions')
      ? proxy('actions')
      : { kind: 'missing', reason: 'the actions service is not part of this stack' },
    web,
  };
}

/** What /healthz asks: PostgreSQL, S3 and each service (a missing entry file, still starting, restarting). */
function healthChecks(
  config: StackConfig,
  parts: {
    services: PlannedService[];
    database: RunningDatabase;
    postgres: Supervisor | undefined;
    states: ServiceStates;
  },
): HealthCheck[] {
  const { healthy, supervisors } = parts.states;
  return [
    {
      name: 'postgres',
      url: config.database.kind === 'embedded' ? `127.0.0.1:${config.database.port}` : 'DATABASE_URL',
      check: restartingOr(parts.postgres, postgresCheck(parts.database.url)),
    },
    { name: 's3', url: config.s3.endpoint, check: s3Check(config.s3.endpoint, config.s3.bucket) },
    ...parts.services.map(({ spec, name, port }): HealthCheck => {
      const url = `http://127.0.0.1:${port}${spec.healthPath}`;
      return {
        name,
        url,
        // Deleted while running (a checkout, a clean): it could not start again after a crash.
        missing: () => {
          const file = missingEntry(spec, config.root);
          return file === null ? null : `its entry file ${file} does not exist`;
        },
        check: restartingOr(supervisors.get(name), httpCheck(url)),
        starting: () => !healthy.has(name),
      };
    }),
  ];
}

/** A health check that first says so while the supervisor is restarting the process. */
function restartingOr(
  supervisor: Supervisor | undefined,
  check: () => Promise<string | null>,
): () => Promise<string | null> {
  return async () => supervisor?.restarting ?? check();
}
