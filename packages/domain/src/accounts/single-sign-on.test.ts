import { describe, expect, it } from 'vitest';
import { parseSsoRoleMap, ssoErrorMessage, ssoRolesOf, ssoUsedMultipleFactors } from './single-sign-on.ts';

describe('single sign-on rules', () => {
  it('reads OIDC_ROLE_MAP as value=role pairs and names what is wrong', () => {
    // A value may hold '=' (an LDAP name): the last one separates the role.
    const parsed = parseSsoRoleMap(' portal-admins = provider_admin, cn=QAMs=qam ,');
    expect(parsed.ok && [...parsed.map]).toEqual([
      ['portal-admins', 'provider_admin'],
      ['cn=QAMs', 'qam'],
    ]);
    expect(parseSsoRoleMap('portal-pm=practice_manager')).toEqual({
      ok: false,
      problem: '"practice_manager" is not one of provider_admin, qam, surveyor',
    });
    expect(parseSsoRoleMap('qam')).toMatchObject({ ok: false });
    expect(parseSsoRoleMap(' , ')).toEqual({ ok: false, problem: 'names no role' });
  });

  it('maps a claim (a string or a list) to staff roles, ignoring what the map does not name', () => {
    const map = new Map([
      ['a', 'qam'],
      ['b', 'surveyor'],
    ] as const);
    expect(ssoRolesOf(['b', 'x', 'a', 7], map)).toEqual(['qam', 'surveyor']);
    expect(ssoRolesOf('a', map)).toEqual(['qam']);
    expect(ssoRolesOf(undefined, map)).toEqual([]);
    expect(ssoRolesOf({ a: true }, map)).toEqual([]);
  });

  it('counts the identity provider’s MFA only by a trusted amr value', () => {
    expect(ssoUsedMultipleFactors(['pwd', 'mfa'], ['mfa'])).toBe(true);
    expect(ssoUsedMultipleFactors(['pwd'], ['mfa'])).toBe(false);
    expect(ssoUsedMultipleFactors('mfa', ['mfa'])).toBe(false);
    expect(ssoUsedMultipleFactors(undefined, ['mfa'])).toBe(false);
  });

  it('shows only the messages it knows', () => {
    expect(ssoErrorMessage('sso_not_staff')).toMatch(/^Single sign-on is for provider staff/);
    expect(ssoErrorMessage('<script>')).toBeNull();
    expect(ssoErrorMessage('toString')).toBeNull();
    expect(ssoErrorMessage(null)).toBeNull();
  });
});
