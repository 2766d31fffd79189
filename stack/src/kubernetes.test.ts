import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, PersistentVolumeClaim, Service } from 'kubernetes-models/v1';
import { beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';
import { loadConfig, REPO_ROOT } from './config/config.ts';
import { ENV_DOCS } from './config/env.ts';
import { contractContext, IMAGE_ONLY_ENV, STACK_ONLY_ENV, stackEnvNames } from './deploy-contract.ts';
import { SERVICES } from './services/table.ts';

/**
 * The Kubernetes manifests (deploy/kubernetes) cannot be applied here, so this keeps them honest:
 * every overlay renders with kustomize itself, each object validates against Kubernetes' schemas
 * (kubernetes-models), and what the pods are given matches what the code reads, as
 * docker-compose.test.ts does for docker-compose.yml.
 */

const DEPLOY = path.join(REPO_ROOT, 'deploy/kubernetes');
const OVERLAYS = ['production', 'demo'] as const;

interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  // biome-ignore lint/suspicious/noExplicitAny: a rendered manifest is read field by field below
  spec?: any;
  data?: Record<string, string>;
}

/** The model (schema) of each kind the manifests may hold; another kind fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'batch/v1/Job': Job,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'v1/ConfigMap': ConfigMap,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'v1/Service': Service,
};

const run = promisify(execFile);
const kustomizeRun = path.join(
  path.dirname(createRequire(import.meta.url).resolve('kustomize/package.json')),
  'run.js',
);

/** `kustomize build` of a directory of deploy/kubernetes, as the objects it prints. */
async function render(dir: string): Promise<K8sObject[]> {
  const { stdout } = await run(process.execPath, [kustomizeRun, 'build', path.join(DEPLOY, dir)], {
    maxBuffer: 16 * 1024 * 1024,
  });
  return YAML.parseAllDocuments(stdout).map((doc) => doc.toJS() as K8sObject);
}

const rendered: Record<string, K8sObject[]> = {};
beforeAll(async () => {
  await Promise.all(
    OVERLAYS.map(async (overlay) => {
      rendered[overlay] = await render(`overlays/${overlay}`);
    }),
  );
}, 60_000);

const find = (objects: K8sObject[], kind: string, name: string) => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name}`);
  return found;
};
const container = (objects: K8sObject[], kind: string, name: string) =>
  find(objects, kind, name).spec.template.spec.containers[0];
const envNames = (c: { env?: { name: string }[] }) => (c.env ?? []).map((e) => e.name).sort();

const config = loadConfig({}, REPO_ROOT);
const context = contractContext(config);
const stackEnv = (name: string) => stackEnvNames(name, context);

/** The keys portal-secrets.example.env documents (the Secret the operator creates). */
const secretKeys = readFileSync(path.join(DEPLOY, 'portal-secrets.example.env'), 'utf8')
  .split('\n')
  .filter((line) => /^[A-Z0-9_]+=/.test(line))
  .map((line) => line.split('=')[0]!);

describe.each(OVERLAYS)('deploy/kubernetes/overlays/%s', (overlay) => {
  const objects = () => rendered[overlay]!;

  it('renders with kustomize into objects that validate against Kubernetes schemas', () => {
    expect(objects().length).toBeGreaterThan(10);
    for (const object of objects()) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect(Model, `${object.apiVersion} ${object.kind} ${object.metadata.name}`).toBeDefined();
      expect(
        () => new Model!(object as never).validate(),
        `${object.kind} ${object.metadata.name}`,
      ).not.toThrow();
      expect(object.metadata.namespace, `${object.kind} ${object.metadata.name}`).toBe(
        overlay === 'production' ? 'accreditation-portal' : 'accreditation-portal-demo',
      );
    }
  });

  it('runs Hasura v2, actions and web as Deployments with readiness, resources, an autoscaler and a disruption budget', () => {
    for (const name of ['graphql-engine', 'actions', 'web']) {
      const deployment = find(objects(), 'Deployment', name);
      const c = deployment.spec.template.spec.containers[0];
      // Ready when the service answers its own HTTP check; alive while its port accepts (or its check answers).
      expect(c.readinessProbe.httpGet, name).toMatchObject({
        path: expect.stringMatching(/^\//),
        port: 'http',
      });
      expect(c.livenessProbe.httpGet?.port ?? c.livenessProbe.tcpSocket?.port, name).toBe('http');
      expect(c.resources.requests, name).toMatchObject({
        cpu: expect.any(String),
        memory: expect.any(String),
      });
      expect(c.resources.limits, name).toMatchObject({ cpu: expect.any(String), memory: expect.any(String) });
      const labels = deployment.spec.template.metadata.labels;
      expect(deployment.spec.selector.matchLabels).toEqual(
        expect.objectContaining({ 'app.kubernetes.io/name': name }),
      );

      const hpa = find(objects(), 'HorizontalPodAutoscaler', name);
      expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      const pdb = find(objects(), 'PodDisruptionBudget', name);
      for (const [key, value] of Object.entries(pdb.spec.selector.matchLabels))
        expect(labels[key]).toBe(value);
      const service = find(objects(), 'Service', name);
      for (const [key, value] of Object.entries(service.spec.selector)) expect(labels[key]).toBe(value);
      const port = c.ports.find((p: { name: string }) => p.name === service.spec.ports[0].targetPort);
      expect(port, `${name}: the Service's target port is the container's`).toBeDefined();

      if (overlay === 'production') {
        expect(deployment.spec.replicas, name).toBeGreaterThanOrEqual(2);
        expect(hpa.spec.minReplicas, name).toBeGreaterThanOrEqual(2);
        // A voluntary disruption (a node drained) never takes every replica.
        expect(pdb.spec.minAvailable, name).toBeGreaterThanOrEqual(1);
      } else {
        expect(deployment.spec.replicas, name).toBe(1);
        expect(pdb.spec.maxUnavailable, `${name}: a drain may take the demo's one pod`).toBe(1);
      }
    }
    const engine = container(objects(), 'Deployment', 'graphql-engine');
    expect(engine.image).toMatch(/^hasura\/graphql-engine:v2\.\d+\.\d+$/);
    expect(engine.readinessProbe.httpGet.path).toBe('/healthz');
    expect(container(objects(), 'Deployment', 'actions').readinessProbe.httpGet.path).toBe('/api/health');
  });

  it('gives each service the environment the stack gives it, from the ConfigMap and the Secret', () => {
    const engine = container(objects(), 'Deployment', 'graphql-engine');
    expect(envNames(engine)).toEqual([...stackEnv('engine'), ...IMAGE_ONLY_ENV['graphql-engine']!].sort());
    const actions = container(objects(), 'Deployment', 'actions');
    expect(envNames(actions)).toEqual(
      stackEnv('actions')
        .filter((n) => !STACK_ONLY_ENV.actions!.includes(n))
        .sort(),
    );
    expect(actions.command.join(' ')).toContain(SERVICES.find((s) => s.name === 'actions')!.entry);
    const web = container(objects(), 'Deployment', 'web');
    expect(web.command.slice(-2)).toEqual(['stack/src/cli.ts', 'gateway']);
    for (const name of envNames(web)) expect(ENV_DOCS, `web: ${name}`).toHaveProperty(name);

    expect(value(engine, 'HASURA_GRAPHQL_SERVER_PORT')).toBe(String(config.engine.port));
    expect(value(engine, 'ACTIONS_BASE_URL')).toBe(`http://actions:${config.actions.port}/api`);
    expect(value(actions, 'PORT')).toBe(String(config.actions.port));
    expect(value(actions, 'NODE_ENV')).toBe('production');
    expect(value(actions, 'DEV_PAGES_KEY'), 'production serves no /api/dev pages').toBe('');
    expect(value(web, 'ENGINE_URL')).toBe(`http://graphql-engine:${config.engine.port}`);
    expect(value(web, 'ACTIONS_URL')).toBe(`http://actions:${config.actions.port}`);
    expect(value(web, 'PORT')).toBe(String(config.port));

    // Every reference resolves: a ConfigMap key the generator wrote, a Secret key documented.
    const configMaps = objects().filter((o) => o.kind === 'ConfigMap');
    const workloads = objects().filter((o) => ['Deployment', 'StatefulSet', 'Job'].includes(o.kind));
    for (const workload of workloads) {
      for (const c of workload.spec.template.spec.containers) {
        for (const entry of c.env ?? []) {
          const where = `${workload.metadata.name}: ${entry.name}`;
          const fromConfig = entry.valueFrom?.configMapKeyRef;
          if (fromConfig) {
            const map = configMaps.find((m) => m.metadata.name === fromConfig.name);
            expect(map?.data, where).toHaveProperty(fromConfig.key);
          }
          const fromSecret = entry.valueFrom?.secretKeyRef;
          if (fromSecret) {
            expect(fromSecret.name, where).toBe('portal-secrets');
            expect(secretKeys, where).toContain(fromSecret.key);
          }
          expect(
            entry.value === undefined || !/secret|password/i.test(entry.name) || entry.value === '',
            where,
          ).toBe(true);
        }
      }
    }
  });

  it('applies migrations and metadata with a Job ordered before actions and web', () => {
    const job = find(objects(), 'Job', 'portal-migrate');
    const c = job.spec.template.spec.containers[0];
    const script = c.args.join('\n');
    expect(script).toMatch(/hasura-cli migrate apply --all-databases/);
    expect(script.indexOf('metadata apply')).toBeGreaterThan(script.indexOf('migrate apply'));
    expect(script).toMatch(/metadata inconsistency status/);
    expect(value(c, 'HASURA_GRAPHQL_ENDPOINT')).toBe(`http://graphql-engine:${config.engine.port}`);
    expect(value(c, 'APPLY_SEEDS')).toBe(overlay === 'demo' ? 'true' : 'false');
    const wave = (kind: string, name: string) =>
      Number(find(objects(), kind, name).metadata.annotations?.['argocd.argoproj.io/sync-wave']);
    expect(wave('Deployment', 'graphql-engine')).toBeLessThan(wave('Job', 'portal-migrate'));
    for (const name of ['actions', 'web'])
      expect(wave('Job', 'portal-migrate')).toBeLessThan(wave('Deployment', name));

    // The Job's image is the engine's version with this repository's project copied in.
    const dockerfile = readFileSync(
      path.join(REPO_ROOT, 'stack/docker/hasura-migrations.Dockerfile'),
      'utf8',
    );
    const engineTag = container(objects(), 'Deployment', 'graphql-engine').image.split(':')[1];
    expect(dockerfile).toContain(`FROM hasura/graphql-engine:${engineTag}.cli-migrations-v3`);
    for (const dir of ['migrations', 'metadata', 'seeds'])
      expect(dockerfile).toContain(`COPY hasura/${dir} /hasura/${dir}`);
  });

  it('serves one origin: the ingress sends everything to the web gateway, with TLS', () => {
    const ingress = find(objects(), 'Ingress', 'portal');
    const rule = ingress.spec.rules[0];
    expect(rule.http.paths).toEqual([
      expect.objectContaining({ path: '/', backend: { service: { name: 'web', port: { name: 'http' } } } }),
    ]);
    expect(ingress.spec.tls[0].hosts).toContain(rule.host);
    const publicUrl = objects().find((o) => o.kind === 'ConfigMap')!.data!.PUBLIC_URL;
    expect(publicUrl).toBe(`https://${rule.host}`);
  });
});

/** The literal value a container's environment gives a variable. */
function value(c: { env: { name: string; value?: string }[] }, name: string) {
  return c.env.find((e) => e.name === name)?.value;
}
