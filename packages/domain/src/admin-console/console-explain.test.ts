import { describe, expect, it } from 'vitest';
import {
  ADMIN_CONSOLE_EXPLAIN_PATH,
  EXPLAIN_ROLE_MESSAGE,
  SESSION_VARIABLE_NAME_MESSAGE,
  SESSION_VARIABLE_ROLE_MESSAGE,
  SESSION_VARIABLE_VALUE_MESSAGE,
  SESSION_VARIABLES_TOO_MANY_MESSAGE,
  ZConsoleExplainSchema,
  ZConsoleExplainSessionSchema,
  ZSessionVariableNameSchema,
} from './console-explain.ts';

const messages = (value: unknown) => {
  const parsed = ZConsoleExplainSessionSchema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
};

describe('the Explain session', () => {
  it('defaults to the console’s own role (not admin) and lower-cases the names', () => {
    expect(ZConsoleExplainSessionSchema.parse({})).toEqual({ 'x-hasura-role': 'provider_admin_console' });
    expect(ZConsoleExplainSessionSchema.parse({ 'x-hasura-role': 'admin' })).toEqual({
      'x-hasura-role': 'admin',
    });
    expect(ZConsoleExplainSessionSchema.parse({ 'X-Hasura-Role': 'user', 'X-Hasura-User-Id': '42' })).toEqual(
      {
        'x-hasura-role': 'user',
        'x-hasura-user-id': '42',
      },
    );
  });

  it('takes only the portal’s roles', () => {
    expect(messages({ 'x-hasura-role': 'superuser' })).toEqual([EXPLAIN_ROLE_MESSAGE]);
    expect(messages({ 'x-hasura-role': 7 })).toEqual([EXPLAIN_ROLE_MESSAGE]);
  });

  it('refuses other names, the admin secret, control characters, long values and too many', () => {
    expect(messages({ 'user-id': '1' })).toEqual([SESSION_VARIABLE_NAME_MESSAGE]);
    expect(messages({ 'x-hasura-': '1' })).toEqual([SESSION_VARIABLE_NAME_MESSAGE]);
    expect(messages({ 'x-hasura-admin-secret': 's' })).toEqual([SESSION_VARIABLE_NAME_MESSAGE]);
    expect(messages({ 'x-hasura-user-id': 'a\u0000b' })).toEqual([SESSION_VARIABLE_VALUE_MESSAGE]);
    expect(messages({ 'x-hasura-user-id': 'a\nb' })).toEqual([SESSION_VARIABLE_VALUE_MESSAGE]);
    expect(messages({ 'x-hasura-user-id': 'x'.repeat(201) })).toEqual([SESSION_VARIABLE_VALUE_MESSAGE]);
    expect(messages({ 'x-hasura-user-id': 12 })).toEqual([SESSION_VARIABLE_VALUE_MESSAGE]);
    const eleven = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`x-hasura-v${i}`, '1']));
    expect(messages(eleven)).toContain(SESSION_VARIABLES_TOO_MANY_MESSAGE);
    expect(ZSessionVariableNameSchema.safeParse('x-hasura-role').error?.issues[0]?.message).toBe(
      SESSION_VARIABLE_ROLE_MESSAGE,
    );
  });

  it('is Hasura’s explain request, nothing more', () => {
    expect(ZConsoleExplainSchema.parse({ query: { query: '{ a }' } })).toEqual({
      query: { query: '{ a }' },
      user: { 'x-hasura-role': 'provider_admin_console' },
    });
    expect(ZConsoleExplainSchema.safeParse({ query: { query: '{ a }' }, extra: 1 }).success).toBe(false);
    expect(ZConsoleExplainSchema.safeParse({ query: '{ a }' }).success).toBe(false);
    expect(ADMIN_CONSOLE_EXPLAIN_PATH).toBe('/api/admin-console/explain');
  });
});
