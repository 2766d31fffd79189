import { describe, expect, it } from 'vitest';
import { ADMIN_CONSOLE_GRAPHQL_PATH, canUseAdminConsole } from './admin-console.ts';

describe('canUseAdminConsole', () => {
  it('lets only an active provider admin in', () => {
    expect(canUseAdminConsole({ isActive: true, isAdmin: true })).toBe(true);
    expect(canUseAdminConsole({ isActive: false, isAdmin: true })).toBe(false);
    expect(canUseAdminConsole({ isActive: true, isAdmin: false })).toBe(false);
    expect(canUseAdminConsole({ isActive: false, isAdmin: false })).toBe(false);
    expect(canUseAdminConsole(null)).toBe(false);
    expect(canUseAdminConsole(undefined)).toBe(false);
  });

  it('has its endpoint under the API prefix', () => {
    expect(ADMIN_CONSOLE_GRAPHQL_PATH).toBe('/api/admin-console/graphql');
  });
});
