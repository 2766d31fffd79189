import { testEnv } from '@portal/testkit/test-app';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/load-config.ts';

const env = (overrides: Record<string, string>) => testEnv('postgres://x@localhost/db', overrides);

describe('payment and engine configuration', () => {
  it('defaults outside production to the dev payment stand-in of the app origin, and to none in production', () => {
    expect(loadConfig(env({})).paymentUrlTemplate).toBe(
      'http://portal.test:3000/api/dev/payment/{practiceId}',
    );
    expect(loadConfig(env({ NODE_ENV: 'production' })).paymentUrlTemplate).toBeNull();
    expect(
      loadConfig(env({ PAYMENT_URL_TEMPLATE: 'https://pay.example/{practiceId}' })).paymentUrlTemplate,
    ).toBe('https://pay.example/{practiceId}');
    expect(loadConfig(env({})).graphqlUrl).toBe('http://127.0.0.1:8080/v1/graphql');
  });

  it('refuses a template without {practiceId} or not http(s)', () => {
    expect(() => loadConfig(env({ PAYMENT_URL_TEMPLATE: 'https://pay.example/' }))).toThrow(ConfigError);
    expect(() => loadConfig(env({ PAYMENT_URL_TEMPLATE: 'javascript:alert({practiceId})' }))).toThrow(
      /PAYMENT_URL_TEMPLATE: must be an http\(s\) URL/,
    );
  });
});
