import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sharedEnvDifferences } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.ts';
import { ENV_DOCS, ZStackEnvSchema } from './env.ts';
import { renderEnvExample } from './env-example.ts';

function problems(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/repo');
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs everything embedded on the default ports with nothing set', () => {
    const config = loadConfig({}, '/repo');
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.dataDir).toBe('/repo/.data');
    expect(config.database).toEqual({
      kind: 'embedded',
      port: 54320,
      dataDir: '/repo/.data/postgres',
      name: 'portal',
    });
    expect(config.s3).toMatchObject({
      kind: 'embedded',
      port: 4569,
      bucket: 'portal',
      endpoint: 'http://127.0.0.1:4569',
    });
    expect(config.engine.port).toBe(8080);
    expect(config.actions.port).toBe(3100);
  });

  it('uses external services when their URLs are set, and treats blank values as unset', () => {
    const config = loadConfig(
      {
        DATABASE_URL: 'postgres://u:p@db:5432/portal',
        S3_ENDPOINT: 'http://minio:9000',
        S3_PUBLIC_ENDPOINT: 'https://files.example.org',
        PORT: ' ',
        DATA_DIR: '/var/portal',
      },
      '/repo',
    );
    expect(config.database).toEqual({ kind: 'external', url: 'postgres://u:p@db:5432/portal' });
    expect(config.s3).toMatchObject({
      kind: 'external',
      endpoint: 'http://minio:9000',
      publicEndpoint: 'https://files.example.org',
    });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('/var/portal');
  });

  it('lists every problem at once, naming the variable and the value', () => {
    expect(
      problems({
        PORT: 'abc',
        PGPORT: '70000',
        DATABASE_URL: 'mysql://x',
        S3_BUCKET: 'Bad_Bucket',
        S3_FORCE_PATH_STYLE: 'maybe',
        HASURA_GRAPHQL_JWT_SECRET: '{"type":"HS256","key":"short"}',
        HASURA_GRAPHQL_ADMIN_SECRET: 'short',
      }),
    ).toEqual([
      "PORT: must be a port number (1-65535) (got 'abc')",
      "DATABASE_URL: must be a URL starting with postgres:// or postgresql:// (got 'mysql://x')",
      "PGPORT: must be a port number (1-65535) (got '70000')",
      "S3_BUCKET: must be a valid S3 bucket name (3-63 of a-z 0-9 . -) (got 'Bad_Bucket')",
      "S3_FORCE_PATH_STYLE: must be true or false (got 'maybe')",
      "HASURA_GRAPHQL_ADMIN_SECRET: must be at least 16 characters (got 'short')",
      'HASURA_GRAPHQL_JWT_SECRET: key must be at least 32 characters (got \'{"type":"HS256","key":"short"}\')',
    ]);
  });

  it('explains a JWT secret that is not JSON', () => {
    expect(problems({ HASURA_GRAPHQL_JWT_SECRET: 'secret' })).toEqual([
      'HASURA_GRAPHQL_JWT_SECRET: must be JSON like {"type":"HS256","key":"<32+ chars>"} (got \'secret\')',
    ]);
  });

  it('refuses an access key id the embedded s3rver does not know, and takes any with S3_ENDPOINT', () => {
    expect(problems({ S3_ACCESS_KEY_ID: 'minio' })).toEqual([
      'S3_ACCESS_KEY_ID: the embedded s3rver knows only S3RVER (set S3_ENDPOINT to use another S3 API)',
    ]);
    expect(
      loadConfig({ S3_ACCESS_KEY_ID: 'minio', S3_ENDPOINT: 'http://minio:9000' }, '/repo').s3.accessKeyId,
    ).toBe('minio');
    // No secret key by default: the installation's own is generated (config/secrets.ts).
    expect(loadConfig({}, '/repo').s3.secretAccessKey).toBeUndefined();
  });

  it('refuses two services on one port, ignoring ports of services that are not started', () => {
    expect(problems({ PORT: '8080' })).toEqual([
      'PORT and HASURA_GRAPHQL_SERVER_PORT: all set to 8080; each service needs its own port',
    ]);
    expect(() => loadConfig({ PGPORT: '3000', DATABASE_URL: 'postgres://db/portal' }, '/repo')).not.toThrow();
  });
});

describe('shared variables', () => {
  it("takes the rule and default of every variable it shares with actions from @portal/domain's SHARED_ENV", () => {
    expect(sharedEnvDifferences(ZStackEnvSchema.shape)).toEqual([]);
  });
});

describe('.env.example', () => {
  it('documents every variable the stack reads, and is generated from that documentation', () => {
    expect(Object.keys(ENV_DOCS).sort()).toEqual(Object.keys(ZStackEnvSchema.shape).sort());
    const file = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
    // Regenerate with `npx tsx stack/src/cli.ts env-example`.
    expect(file).toBe(renderEnvExample());
    for (const name of Object.keys(ENV_DOCS)) expect(file).toMatch(new RegExp(`^(# )?${name}=`, 'm'));
  });

  it('shows defaults that the schema accepts and applies', () => {
    const defaults = Object.fromEntries(
      Object.entries(ENV_DOCS).flatMap(([name, doc]) =>
        doc.default === undefined ? [] : [[name, doc.default]],
      ),
    );
    expect(ZStackEnvSchema.parse(defaults)).toEqual(ZStackEnvSchema.parse({}));
  });
});
