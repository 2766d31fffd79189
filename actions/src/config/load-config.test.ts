import { SHARED_ENV, sharedEnvDifferences } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, ZActionsEnvSchema } from './load-config.ts';

const base = {
  DATABASE_URL: 'postgres://portal@127.0.0.1:5432/portal',
  HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'HS256', key: 'k'.repeat(32) }),
  ACTIONS_SECRET: 's'.repeat(16),
};

const KEY = 'a-dev-pages-key-0123';

function problemsOf(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 3100,
      env: 'development',
      appOrigin: 'http://localhost:3000',
      smtp: null,
      s3: null,
      trustProxy: false,
      devPages: false,
      devPagesKey: null,
      devMailbox: false,
      assessmentBulkTools: false,
      jwt: { key: 'k'.repeat(32), claimsNamespace: 'https://hasura.io/jwt/claims', accessTokenSeconds: 300 },
    });
  });

  it('lets ACCESS_TOKEN_SECONDS shorten or lengthen the access token, within 10 s to an hour', () => {
    expect(loadConfig({ ...base, ACCESS_TOKEN_SECONDS: '35' }).jwt.accessTokenSeconds).toBe(35);
    expect(loadConfig({ ...base, ACCESS_TOKEN_SECONDS: '' }).jwt.accessTokenSeconds).toBe(300);
    for (const bad of ['9', '3601', 'soon', '-5', '1.5']) {
      expect(problemsOf({ ...base, ACCESS_TOKEN_SECONDS: bad })).toEqual([
        'ACCESS_TOKEN_SECONDS: must be a whole number of seconds (10-3600)',
      ]);
    }
  });

  it('switches the assessment bulk tools on only when ASSESSMENT_BULK_TOOLS says so', () => {
    expect(loadConfig({ ...base, ASSESSMENT_BULK_TOOLS: 'true' }).assessmentBulkTools).toBe(true);
    expect(loadConfig({ ...base, ASSESSMENT_BULK_TOOLS: 'no' }).assessmentBulkTools).toBe(false);
    expect(loadConfig({ ...base, ASSESSMENT_BULK_TOOLS: '' }).assessmentBulkTools).toBe(false);
    expect(problemsOf({ ...base, ASSESSMENT_BULK_TOOLS: 'sometimes' })).toEqual([
      'ASSESSMENT_BULK_TOOLS: must be true or false',
    ]);
  });

  it('lists every problem at once', () => {
    const problems = problemsOf({
      HASURA_GRAPHQL_JWT_SECRET: JSON.stringify({ type: 'RS256', key: 'short' }),
      ACTIONS_SECRET: 'short',
      PORT: 'eighty',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^DATABASE_URL: /),
        expect.stringMatching(/^HASURA_GRAPHQL_JWT_SECRET.*type: type must be "HS256"/),
        expect.stringMatching(/^HASURA_GRAPHQL_JWT_SECRET.*key: key must be at least 32 characters/),
        'ACTIONS_SECRET: must be at least 16 characters',
        expect.stringMatching(/^PORT: /),
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('single sign-on: off by default; with OIDC_ISSUER the client, its secret and a valid role map are required, and https off this machine', () => {
    expect(loadConfig(base).oidc).toBeNull();
    expect(problemsOf({ ...base, OIDC_ISSUER: 'http://id.example.org' })).toEqual([
      'OIDC_CLIENT_ID: is required with OIDC_ISSUER',
      'OIDC_CLIENT_SECRET: is required with OIDC_ISSUER',
      'OIDC_ROLE_MAP: is required with OIDC_ISSUER',
      'OIDC_ISSUER: must be https (plain http only on this machine: localhost, 127.0.0.1)',
    ]);
    const on = {
      ...base,
      OIDC_ISSUER: 'https://id.example.org',
      OIDC_CLIENT_ID: 'c',
      OIDC_CLIENT_SECRET: 's',
    };
    expect(problemsOf({ ...on, OIDC_ROLE_MAP: 'portal-pm=practice_manager' })).toEqual([
      'OIDC_ROLE_MAP: "practice_manager" is not one of provider_admin, qam, surveyor',
    ]);
    const oidc = loadConfig({
      ...on,
      APP_ORIGIN: 'https://portal.example.org',
      OIDC_ROLE_MAP: 'qams=qam',
    }).oidc;
    expect(oidc).toMatchObject({
      roleClaim: 'groups',
      createUsers: false,
      buttonLabel: 'single sign-on',
      scopes: 'openid email profile',
      mfaAmr: ['mfa'],
      redirectUri: 'https://portal.example.org/api/auth/oidc/callback',
    });
    expect([...(oidc?.roleMap ?? [])]).toEqual([['qams', 'qam']]);
    expect(loadConfig({ ...on, OIDC_ROLE_MAP: 'qams=qam', OIDC_SCOPES: 'email groups' }).oidc?.scopes).toBe(
      'openid email groups',
    );
  });

  it('names a JWT secret that is not JSON', () => {
    expect(problemsOf({ ...base, HASURA_GRAPHQL_JWT_SECRET: 'plain' })).toEqual([
      'HASURA_GRAPHQL_JWT_SECRET: must be JSON like {"type":"HS256","key":"..."}',
    ]);
  });

  it('treats empty values as unset (docker-compose passes unset values as empty)', () => {
    const config = loadConfig({ ...base, SMTP_HOST: '', SMTP_USER: '', S3_BUCKET: '', PORT: '' });
    expect(config.smtp).toBeNull();
    expect(config.s3).toBeNull();
    expect(config.port).toBe(3100);
  });

  it('reads SMTP from a URL or host settings, and then serves no dev mailbox', () => {
    expect(loadConfig({ ...base, SMTP_URL: 'smtp://mail.test:25', DEV_PAGES_KEY: KEY })).toMatchObject({
      smtp: { url: 'smtp://mail.test:25' },
      devPages: true,
      devMailbox: false,
    });
    expect(
      loadConfig({ ...base, SMTP_HOST: 'mail.test', SMTP_PORT: '465', SMTP_USER: 'u' }).smtp,
    ).toMatchObject({
      host: 'mail.test',
      port: 465,
      user: 'u',
    });
    expect(problemsOf({ ...base, SMTP_URL: 'smtp://a.test', SMTP_HOST: 'b.test' })).toEqual([
      'SMTP_URL and SMTP_HOST: set only one of them',
    ]);
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEV_PAGES_KEY: KEY })).toMatchObject({
      devPages: false,
      devPagesKey: null,
      devMailbox: false,
    });
  });

  it('serves the dev pages only with a DEV_PAGES_KEY of at least 16 characters', () => {
    expect(loadConfig({ ...base, DEV_PAGES_KEY: KEY })).toMatchObject({
      devPages: true,
      devPagesKey: KEY,
      devMailbox: true,
    });
    expect(loadConfig({ ...base, DEV_PAGES_KEY: '' })).toMatchObject({ devPages: false, devMailbox: false });
    expect(problemsOf({ ...base, DEV_PAGES_KEY: 'short' })).toEqual([
      'DEV_PAGES_KEY: must be at least 16 characters',
    ]);
  });

  it('trusts no proxy unless TRUST_PROXY names them (addresses, CIDRs or a hop count)', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ ...base, TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(problemsOf({ ...base, TRUST_PROXY: '127.0.0.1,,' })).toHaveLength(1);
  });

  it('uses APP_ORIGIN, else the stack PUBLIC_URL, for links', () => {
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://portal.example/' }).appOrigin).toBe(
      'https://portal.example',
    );
    expect(
      loadConfig({ ...base, PUBLIC_URL: 'https://a.example', APP_ORIGIN: 'https://b.example' }).appOrigin,
    ).toBe('https://b.example');
  });

  it('reads S3 settings and checks they go together', () => {
    const config = loadConfig({
      ...base,
      S3_ENDPOINT: 'http://127.0.0.1:4569',
      S3_BUCKET: 'portal',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    });
    expect(config.s3).toEqual({
      endpoint: 'http://127.0.0.1:4569',
      publicEndpoint: 'http://127.0.0.1:4569',
      bucket: 'portal',
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    expect(problemsOf({ ...base, S3_ENDPOINT: 'http://x.test', S3_ACCESS_KEY_ID: 'a' })).toEqual([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
      'S3_BUCKET: is required with S3_ENDPOINT',
    ]);
  });

  it("takes the rule and default of every variable it shares with the stack from @portal/domain's SHARED_ENV", () => {
    expect(sharedEnvDifferences(ZActionsEnvSchema.shape)).toEqual([]);
    // And the loaded config carries the shared rule's result, e.g. its 1/0/yes/no booleans.
    expect(SHARED_ENV.S3_FORCE_PATH_STYLE.parse('no')).toBe(false);
    expect(loadConfig({ ...base, S3_BUCKET: 'portal', S3_FORCE_PATH_STYLE: 'no' }).s3?.forcePathStyle).toBe(
      false,
    );
  });

  it('runs the scheduler unless SCHEDULER_ENABLED is false (decisions/notifications.md#scheduler)', () => {
    expect(loadConfig(base).schedulerEnabled).toBe(true);
    expect(loadConfig({ ...base, SCHEDULER_ENABLED: '' }).schedulerEnabled).toBe(true);
    expect(loadConfig({ ...base, SCHEDULER_ENABLED: 'false' }).schedulerEnabled).toBe(false);
    expect(problemsOf({ ...base, SCHEDULER_ENABLED: 'sometimes' })).toEqual([
      'SCHEDULER_ENABLED: must be true or false',
    ]);
  });

  it('takes the webinar provider from WEBINAR_*, or the stand-in outside production with dev pages', () => {
    const real = {
      WEBINAR_CLIENT_ID: 'client',
      WEBINAR_CLIENT_SECRET: 'secret',
      WEBINAR_AUTHORIZE_URL: 'https://provider.test/oauth/v2/authorize',
      WEBINAR_TOKEN_URL: 'https://provider.test/oauth/v2/token',
      WEBINAR_LIST_URL: 'https://provider.test/webinars',
    };
    expect(loadConfig({ ...base, NODE_ENV: 'production', ...real }).webinar).toEqual({
      clientId: 'client',
      clientSecret: 'secret',
      authorizeUrl: 'https://provider.test/oauth/v2/authorize',
      tokenUrl: 'https://provider.test/oauth/v2/token',
      listUrl: 'https://provider.test/webinars',
      revokeUrl: null,
      redirectUri: 'http://localhost:3000/GoToWebinars/callback',
      standIn: false,
    });
    expect(problemsOf({ ...base, ...real, WEBINAR_LIST_URL: 'nope' })).toEqual([
      'WEBINAR_LIST_URL: must be a URL',
    ]);
    expect(
      problemsOf({ ...base, WEBINAR_CLIENT_ID: 'client', WEBINAR_LIST_URL: real.WEBINAR_LIST_URL }),
    ).toEqual([
      'WEBINAR_CLIENT_SECRET: is required with WEBINAR_CLIENT_ID',
      'WEBINAR_AUTHORIZE_URL: is required with WEBINAR_CLIENT_ID',
      'WEBINAR_TOKEN_URL: is required with WEBINAR_CLIENT_ID',
    ]);
    expect(loadConfig({ ...base, DEV_PAGES_KEY: KEY }).webinar).toMatchObject({
      clientId: 'portal-dev',
      authorizeUrl: 'http://localhost:3000/api/dev/webinars/authorize',
      tokenUrl: '/api/dev/webinars/token',
      standIn: true,
    });
    expect(loadConfig(base).webinar).toBeNull();
    expect(loadConfig({ ...base, NODE_ENV: 'production', DEV_PAGES_KEY: KEY }).webinar).toBeNull();
  });
});
