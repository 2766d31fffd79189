import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives each variable left out or empty its default, trims the values given and drops the others', () => {
    const env = parseEnv({ VITE_HELP_PHONE: '', VITE_API_URL: '  /rest  ', MODE: 'production' });
    expect(env).toEqual({
      VITE_HELP_PHONE: SUPPORT_PHONE,
      VITE_SUPPORT_EMAIL: SUPPORT_EMAIL,
      VITE_API_URL: '/rest',
      VITE_GRAPHQL_URL: '/v1/graphql',
      VITE_BACKEND_URL: '',
      VITE_ADMIN_PATH: '/admin-mnqa/',
    });
  });

  it('refuses with every problem at once, each named by its variable', () => {
    expect(() => parseEnv({ VITE_SUPPORT_EMAIL: ' a ', VITE_GRAPHQL_URL: 42 })).toThrow(
      /Invalid web app environment:\nVITE_SUPPORT_EMAIL: at least 3 characters\nVITE_GRAPHQL_URL: .*string/,
    );
  });
});
