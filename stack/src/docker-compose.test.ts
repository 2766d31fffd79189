import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { loadConfig, REPO_ROOT } from './config/config.ts';
import { ENV_DOCS } from './config/env.ts';
import { COMPOSE_ONLY_ENV } from './config/env-example.ts';
import { contractContext, IMAGE_ONLY_ENV, STACK_ONLY_ENV } from './deploy-contract.ts';
import { SERVICES } from './services/table.ts';

/**
 * docker-compose.yml cannot run on our machines, so this keeps it honest: the services it
 * names, the environment each one gets, the ports and the Hasura project paths must match
 * what the local stack does.
 */

interface ComposeService {
  profiles?: string[];
  depends_on?: Record<string, { condition: string }>;
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  environment?: Record<string, string>;
}

const composeText = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8');
// `<<: *service` (YAML merge keys, which Compose reads) makes the replicas profile's services.
const compose = YAML.parse(composeText, { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;

const config = loadConfig({}, REPO_ROOT);
const context = contractContext(config);
const spec = (name: string) => SERVICES.find((s) => s.name === name)!;
const envNames = (service: string) => Object.keys(services[service]?.environment ?? {}).sort();

describe('docker-compose.yml', () => {
  it('has the production services, and a second engine and actions service in the replicas profile', () => {
    expect(Object.keys(services).sort()).toEqual(
      [
        'actions',
        'actions-2',
        'graphql-engine',
        'graphql-engine-2',
        'minio',
        'minio-setup',
        'postgres',
        'web',
      ].sort(),
    );
    for (const name of ['graphql-engine', 'actions']) {
      const { profiles, ports, depends_on, ...replica } = services[`${name}-2`]!;
      const { ports: firstPorts, depends_on: firstDependsOn, ...first } = services[name]!;
      expect(profiles, name).toEqual(['replicas']);
      expect(first.profiles, name).toBeUndefined();
      // The same service once more: image, command, environment, health check.
      expect(replica, name).toEqual(first);
      // Only the first engine is published on the host; the second waits for its migrations.
      if (name === 'graphql-engine') {
        expect(ports).toEqual([]);
        expect(depends_on).toEqual({ 'graphql-engine': { condition: 'service_healthy' } });
      }
    }
    // The gateway is told every replica through ENGINE_URL and ACTIONS_URL (comma-separated).
    expect(composeText).toContain('ENGINE_URL=http://graphql-engine:8080,http://graphql-engine-2:8080');
    expect(composeText).toContain('ACTIONS_URL=http://actions:3100,http://actions-2:3100');
  });

  it('runs Hasura v2 with cli-migrations-v3, mounting hasura/migrations and hasura/metadata', () => {
    const hasura = services['graphql-engine']!;
    expect(hasura.image).toMatch(/^hasura\/graphql-engine:v2\.\d+\.\d+\.cli-migrations-v3$/);
    const mounts = (hasura.volumes ?? []).map((v) => v.split(':').slice(0, 2).join(':'));
    expect(mounts).toContain('./hasura/migrations:/hasura-migrations');
    expect(mounts).toContain('./hasura/metadata:/hasura-metadata');
    expect(hasura.ports).toContain(`${config.engine.port}:${config.engine.port}`);
  });

  it('gives the engine the environment the stack gives it (plus documented image settings)', () => {
    const ours = Object.keys(spec('engine').env(context)).sort();
    expect(envNames('graphql-engine')).toEqual([...ours, ...IMAGE_ONLY_ENV['graphql-engine']!].sort());
    const env = services['graphql-engine']!.environment!;
    expect(env.HASURA_GRAPHQL_SERVER_PORT).toBe(String(config.engine.port));
    expect(env.ACTIONS_BASE_URL).toBe(`http://actions:${config.actions.port}/api`);
  });

  it('gives actions exactly the environment the stack gives it (bar the console secret), on the same port', () => {
    const ours = Object.keys(spec('actions').env(context)).filter(
      (name) => !STACK_ONLY_ENV.actions!.includes(name),
    );
    expect(envNames('actions')).toEqual(ours.sort());
    expect(Object.keys(spec('actions').env(context))).toEqual(
      expect.arrayContaining(STACK_ONLY_ENV.actions!),
    );
    const actions = services.actions!;
    expect(actions.environment!.PORT).toBe(String(config.actions.port));
    expect(actions.expose).toContain(String(config.actions.port));
    expect(actions.command?.join(' ')).toContain(spec('actions').entry);
  });

  it('serves the web app on the origin port through our gateway, forwarding to the other services', () => {
    const web = services.web!;
    expect(web.command?.slice(-2)).toEqual(['stack/src/cli.ts', 'gateway']);
    expect(web.ports).toContain(`${config.port}:${config.port}`);
    const env = web.environment!;
    for (const name of Object.keys(env)) expect(ENV_DOCS, `web: ${name}`).toHaveProperty(name);
    expect(env.ENGINE_URL).toBe(`\${ENGINE_URL:-http://graphql-engine:${config.engine.port}}`);
    expect(env.ACTIONS_URL).toBe(`\${ACTIONS_URL:-http://actions:${config.actions.port}}`);
    expect(env.WEB_DIST).toBe(ENV_DOCS.WEB_DIST.default);
  });

  it('builds the Node services from a Dockerfile that exists', () => {
    for (const name of ['actions', 'web']) {
      const dockerfile = services[name]!.build!.dockerfile;
      expect(() => readFileSync(path.join(REPO_ROOT, dockerfile))).not.toThrow();
    }
  });

  it('uses only our variable names and the images own ones', () => {
    const childNames = new Set(SERVICES.flatMap((s) => Object.keys(s.env(context))));
    for (const [name, service] of Object.entries(services)) {
      for (const key of Object.keys(service.environment ?? {})) {
        const image = IMAGE_ONLY_ENV[name.replace(/-2$/, '')];
        const known = key in ENV_DOCS || childNames.has(key) || image?.includes(key);
        expect(known, `${name}: ${key}`).toBe(true);
      }
    }
  });

  it('interpolates only variables that .env.example documents', () => {
    const interpolated = [...composeText.matchAll(/\$\{([A-Z0-9_]+)/g)].map((m) => m[1]!);
    expect(interpolated.length).toBeGreaterThan(0);
    for (const name of new Set(interpolated)) {
      expect(name in ENV_DOCS || name in COMPOSE_ONLY_ENV, name).toBe(true);
    }
  });
});
