import { ACTIONS_HEALTH_PATH, HEALTHZ_PATH } from '@portal/domain';
import { loadConfigOrReport } from '../config/config.ts';
import { startGateway } from '../gateway/gateway.ts';
import { upstreamFromUrl } from '../gateway/proxy.ts';
import { securityHeaders } from '../gateway/security-headers.ts';
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
  const engineUrls = config.env.ENGINE_URL ?? [`http://127.0.0.1:${config.engine.port}`];
  const actionsUrls = config.env.ACTIONS_URL ?? [`http://127.0.0.1:${config.actions.port}`];
  const replicas = (name: string, urls: string[]) =>
    urls.map((url, i) => upstreamFromUrl(urls.length > 1 ? `${name}-${i + 1}` : name, url));
  const gateway = await startGateway({
    host: config.host,
    port: config.port,
    graphql: { kind: 'proxy', upstream: replicas('engine', engineUrls), healthPath: HEALTHZ_PATH },
    api: { kind: 'proxy', upstream: replicas('actions', actionsUrls), healthPath: ACTIONS_HEALTH_PATH },
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
      runHealthChecks([
        ...engineUrls.map((url, i) => ({
          name: engineUrls.length > 1 ? `engine-${i + 1}` : 'engine',
          url,
          check: httpCheck(`${url}${HEALTHZ_PATH}`),
        })),
        ...actionsUrls.map((url, i) => ({
          name: actionsUrls.length > 1 ? `actions-${i + 1}` : 'actions',
          url,
          check: httpCheck(`${url}${ACTIONS_HEALTH_PATH}`),
        })),
      ]),
  });
  log(
    `listening on http://${config.host}:${gateway.port}: /v1/ -> ${engineUrls.join(', ')}, /api/ -> ${actionsUrls.join(', ')}, / -> ${config.web.dist}`,
  );
  await new Promise<void>((resolve) => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve());
  });
  await gateway.close();
  return 0;
}
