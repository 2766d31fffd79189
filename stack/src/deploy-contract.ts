/**
 * What every deployment of the services must give them, for the tests that hold
 * docker-compose.yml and the Kubernetes manifests to the code (docker-compose.test.ts,
 * kubernetes.test.ts): the environment the stack gives each service, and the documented
 * differences.
 */
import type { StackConfig } from './config/config.ts';
import { SERVICES, type ServiceContext } from './services/table.ts';

/** A service context with stand-in secrets: only the names of its environment matter. */
export function contractContext(config: StackConfig): ServiceContext {
  return {
    config,
    secrets: {
      adminSecret: 'a'.repeat(32),
      jwtSecret: '{}',
      actionsSecret: 's'.repeat(32),
      devPagesKey: 'd'.repeat(32),
      s3SecretAccessKey: 'k'.repeat(32),
    },
    databaseUrl: 'postgres://x',
  };
}

/** The names of the environment the stack gives a service. */
export function stackEnvNames(name: string, context: ServiceContext): string[] {
  return Object.keys(SERVICES.find((s) => s.name === name)!.env(context));
}

/**
 * What the embedded stack gives a service that production must not have: the actions service's
 * admin secret serves only the embedded admin console (production opens the real Hasura console,
 * and without the secret the console endpoint answers 503; docs/decisions/admin-console.md).
 */
export const STACK_ONLY_ENV: Record<string, string[]> = {
  actions: ['HASURA_GRAPHQL_ADMIN_SECRET'],
};

/** What the real images read on top of our names, documented so that additions are deliberate. */
export const IMAGE_ONLY_ENV: Record<string, string[]> = {
  'graphql-engine': ['HASURA_GRAPHQL_ENABLED_LOG_TYPES'],
  postgres: ['POSTGRES_USER', 'POSTGRES_PASSWORD', 'POSTGRES_DB'],
  minio: ['MINIO_ROOT_USER', 'MINIO_ROOT_PASSWORD', 'MINIO_API_CORS_ALLOW_ORIGIN'],
};
