import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVICES } from '../services/table.ts';
import { loadConfig } from './config.ts';
import { resolveSecrets } from './secrets.ts';

describe('resolveSecrets', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'stack-secrets-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('generates every secret once, the dev pages key included, into a private file', () => {
    const config = loadConfig({ DATA_DIR: dir }, '/repo');
    const first = resolveSecrets(config);
    expect(first.devPagesKey).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(path.join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(resolveSecrets(config)).toEqual(first);
  });

  it('adds a dev pages key and an S3 secret key to a secrets file written before them, keeping the other secrets', () => {
    const old = { adminSecret: 'a'.repeat(64), jwtKey: 'j'.repeat(64), actionsSecret: 's'.repeat(64) };
    writeFileSync(path.join(dir, 'secrets.json'), JSON.stringify(old));
    const secrets = resolveSecrets(loadConfig({ DATA_DIR: dir }, '/repo'));
    expect(secrets.adminSecret).toBe(old.adminSecret);
    expect(secrets.actionsSecret).toBe(old.actionsSecret);
    expect(JSON.parse(secrets.jwtSecret)).toEqual({ type: 'HS256', key: old.jwtKey });
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8'));
    expect(stored).toEqual({
      ...old,
      devPagesKey: secrets.devPagesKey,
      s3SecretAccessKey: secrets.s3SecretAccessKey,
    });
    expect(secrets.s3SecretAccessKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('takes S3_SECRET_ACCESS_KEY from the environment over the stored one (an S3 API elsewhere)', () => {
    const stored = resolveSecrets(loadConfig({ DATA_DIR: dir }, '/repo'));
    const config = loadConfig({ DATA_DIR: dir, S3_SECRET_ACCESS_KEY: 'from-the-environment-1234' }, '/repo');
    expect(resolveSecrets(config).s3SecretAccessKey).toBe('from-the-environment-1234');
    expect(resolveSecrets(loadConfig({ DATA_DIR: dir }, '/repo')).s3SecretAccessKey).toBe(
      stored.s3SecretAccessKey,
    );
  });

  it('takes DEV_PAGES_KEY from the environment over the stored one', () => {
    resolveSecrets(loadConfig({ DATA_DIR: dir }, '/repo'));
    const key = 'from-the-environment-1234';
    expect(resolveSecrets(loadConfig({ DATA_DIR: dir, DEV_PAGES_KEY: key }, '/repo')).devPagesKey).toBe(key);
  });

  it('passes WEBINAR_* on to the actions service as they are (unset stays unset: the stand-in)', () => {
    const config = loadConfig(
      { DATA_DIR: dir, WEBINAR_CLIENT_ID: 'client', WEBINAR_LIST_URL: 'https://provider.test/webinars' },
      '/repo',
    );
    const actions = SERVICES.find((s) => s.name === 'actions')!;
    const env = actions.env({
      config,
      secrets: resolveSecrets(config),
      databaseUrl: 'postgres://127.0.0.1/x',
    });
    expect(env).toMatchObject({
      WEBINAR_CLIENT_ID: 'client',
      WEBINAR_LIST_URL: 'https://provider.test/webinars',
    });
    expect(env.WEBINAR_CLIENT_SECRET).toBeUndefined();
  });

  it('passes OIDC_* on to the actions service (single sign-on), its defaults where unset and nothing when off', () => {
    const off = loadConfig({ DATA_DIR: dir }, '/repo');
    const actions = SERVICES.find((s) => s.name === 'actions')!;
    const envOf = (config: typeof off) =>
      actions.env({ config, secrets: resolveSecrets(config), databaseUrl: 'postgres://127.0.0.1/x' });
    expect(envOf(off).OIDC_ISSUER).toBeUndefined();
    const on = loadConfig(
      { DATA_DIR: dir, OIDC_ISSUER: 'https://id.example.org', OIDC_ROLE_MAP: 'portal-qams=qam' },
      '/repo',
    );
    expect(envOf(on)).toMatchObject({
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_ROLE_MAP: 'portal-qams=qam',
      OIDC_ROLE_CLAIM: 'groups',
      OIDC_CREATE_USERS: 'false',
    });
    expect(envOf(on).OIDC_CLIENT_SECRET).toBeUndefined();
  });
});
