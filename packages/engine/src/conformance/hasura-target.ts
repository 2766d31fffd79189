import path from 'node:path';
import { applyMigrations } from '../project/migrations.ts';
import { loadProject } from '../project/project.ts';
import { applySeeds } from '../project/seeds.ts';
import { BLOG_DIR } from '../testing/blog.ts';
import { configEnv, type TargetConfig } from './cases.ts';
import { send, type Target } from './targets.ts';

/** Image of the real Hasura the suite compares against (pin to production's tag). */
export const HASURA_IMAGE = process.env.HASURA_IMAGE ?? 'hasura/graphql-engine:v2.44.0.cli-migrations-v3';

/** True when testcontainers finds a container runtime (Docker/Podman). */
export async function dockerAvailable(): Promise<boolean> {
  try {
    const { getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    return true;
  } catch {
    return false;
  }
}

/** PostgreSQL 15 + real Hasura serving the fixture project (metadata applied by the image at start). */
export async function hasuraTarget(
  config: TargetConfig,
  projectDir = BLOG_DIR,
): Promise<Target & { databaseUrl: string }> {
  const { GenericContainer, Network, Wait } = await import('testcontainers');
  const network = await new Network().start();
  const postgres = await new GenericContainer('postgres:15')
    .withNetwork(network)
    .withNetworkAliases('db')
    .withEnvironment({ POSTGRES_PASSWORD: 'postgres' })
    .withExposedPorts(5432)
    .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
    .start();
  const databaseUrl = `postgres://postgres:postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`;
  const project = loadProject(projectDir);
  await applyMigrations({ project, databaseUrl });
  await applySeeds({ project, databaseUrl });
  const hasura = await new GenericContainer(HASURA_IMAGE)
    .withNetwork(network)
    .withEnvironment({
      ...configEnv(config),
      HASURA_GRAPHQL_DATABASE_URL: 'postgres://postgres:postgres@db:5432/postgres',
      ACTIONS_BASE_URL: 'http://host.testcontainers.internal:9',
      ACTION_SECRET: 'x',
    })
    .withCopyDirectoriesToContainer([
      { source: path.join(projectDir, 'metadata'), target: '/hasura-metadata' },
    ])
    .withExposedPorts(8080)
    .withWaitStrategy(Wait.forHttp('/healthz', 8080))
    .start();
  const origin = `http://${hasura.getHost()}:${hasura.getMappedPort(8080)}`;
  return {
    name: `hasura(${config})`,
    databaseUrl,
    post: async (body, headers, path = '/v1/graphql', method = 'POST') =>
      send(`${origin}${path}`, method, body, headers),
    close: async () => {
      await hasura.stop();
      await postgres.stop();
      await network.stop();
    },
  };
}
