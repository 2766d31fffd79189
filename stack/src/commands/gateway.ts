import { ACTIONS_HEALTH_PATH, HEALTHZ_PATH } from '@portal/domain';
import { loadConfigOrReport } from '../config/config.ts';
import { startGateway } from '../gateway/gateway.ts';
import { upstreamFromUrl } from '../gateway/proxy.ts';
import { securityHeaders } from '../gateway/security-headers.ts';
import { replicaName } from '../gateway/upstream-pool.ts';
import { httpCheck, runHealthChecks } from '../health.ts';
import { createLogger } from '../log.ts';

/**
 * The gateway alone, in front of services that run elsewhere (the `web` service of
 * docker-compose.yml): serves the built app from WEB_DIST and forwards /v1/ and /api/.
 */
export async function runGatewayOnly(): Promise<number> {
  const config = loadConfigOrReport();
  if (!config) return 1;
  const log = createLogger('gateway', 'blue', config.color);
  // Each service's replicas: one, unless ENGINE_URL or ACTIONS_URL lists several.
  const replicasOf = (service: string, urls: string[], health: string) => ({
    urls,
    health,
    replicas: urls.map((url, i) => ({ url, name: replicaName(service, i, urls.length) })),
  });
  const engine = replicasOf(
    'engine',
    config.env.ENGINE_URL ?? [`http://127.0.0.1:${config.engine.port}`],
    HEALTHZ_PATH,
  );
  const actions = replicasOf(
    'actions',
    config.env.ACTIONS_URL ?? [`http://127.0.0.1:${config.actions.port}`],
    ACTIONS_HEALTH_PATH,
  );
  const services = [engine, actions];
  const upstreams = (service: typeof engine) =>
    service.replicas.map(({ name, url }) => upstreamFromUrl(name, url));
  const gateway = await startGateway({
    host: config.host,
    port: config.port,
    graphql: { kind: 'proxy', upstream: upstreams(engine), healthPath: engine.health },
    api: { kind: 'proxy', upstream: upstreams(actions), healthPath: actions.health },
    web: { kind: 'static', dir: config.web.dist },
    maxBodyBytes: config.gateway.maxBodyBytes,
    // Tells users apart for their share of /v1/graphql (without it, by address only).
    jwtSecret: config.engine.jwtSecret,
    adminSecret: config.engine.adminSecret,
    headers: securityHeaders({
      s3Origins: [config.s3.publicEndpoint],
      dev: false,
      publicUrl: config.publicUrl,
    }),
    health: () =>
      runHealthChecks(
        services.flatMap((service) =>
          service.replicas.map(({ name, url }) => ({
            name,
            url,
            check: httpCheck(`${url}${service.health}`),
          })),
        ),
      ),
  });
  log(
    `listening on http://${config.host}:${gateway.port}: /v1/ -> ${engine.urls.join(', ')}, /api/ -> ${actions.urls.join(', ')}, / -> ${config.web.dist}`,
  );
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  await gateway.close();
  return 0;
}
