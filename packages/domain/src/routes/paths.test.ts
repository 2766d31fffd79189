import { describe, expect, it } from 'vitest';
import {
  ACTIONS_HEALTH_PATH,
  AUTH_API_PREFIX,
  DEV_MAILBOX_PATH,
  DEV_PAYMENT_TEMPLATE_PATH,
  devMailboxPath,
  GRAPHQL_PATH,
  HEALTHZ_PATH,
  USER_API_PREFIX,
} from './paths.ts';

describe('paths', () => {
  it('are the paths the spec, Hasura and the actions service use', () => {
    expect(GRAPHQL_PATH).toBe('/v1/graphql');
    expect(HEALTHZ_PATH).toBe('/healthz');
    expect(ACTIONS_HEALTH_PATH).toBe('/api/health');
    expect(AUTH_API_PREFIX).toBe('/api/auth');
    expect(USER_API_PREFIX).toBe('/api/user');
    expect(DEV_MAILBOX_PATH).toBe('/api/dev/mailbox');
    expect(DEV_PAYMENT_TEMPLATE_PATH).toBe('/api/dev/payment/{practiceId}');
  });

  it('builds the dev mailbox link with its key escaped', () => {
    expect(devMailboxPath('0123abcd')).toBe('/api/dev/mailbox?key=0123abcd');
    expect(devMailboxPath('a b&c')).toBe('/api/dev/mailbox?key=a%20b%26c');
  });
});
