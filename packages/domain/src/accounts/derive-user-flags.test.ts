import { describe, expect, it } from 'vitest';
import { deriveHasuraRoles } from './derive-hasura-roles.ts';
import {
  deriveUserFlags,
  practiceRolesFrom,
  type UserFacts,
  type UserPractice,
} from './derive-user-flags.ts';

const plain: UserFacts = {
  isStaff: false,
  isSurveyor: false,
  isAdmin: false,
  isSuperadmin: false,
  isQam: false,
  hasSpecialAccess: false,
};
const practice = (id: number, ...roles: UserPractice['roles']): UserPractice => ({
  id,
  name: `P${id}`,
  roles,
});

describe('deriveUserFlags', () => {
  it('a user with no practice role who is not admin is a new user', () => {
    expect(deriveUserFlags(plain, [])).toMatchObject({
      newUser: true,
      singlePractice: false,
      surveyor: false,
    });
    expect(deriveUserFlags({ ...plain, isAdmin: true }, []).newUser).toBe(false);
    expect(deriveUserFlags({ ...plain, isQam: true }, []).newUser).toBe(false);
  });

  it('a practice manager of one practice is single-practice and PM', () => {
    expect(deriveUserFlags(plain, [practice(1, 'PM')])).toMatchObject({
      newUser: false,
      singlePractice: true,
      isPracticeManager: true,
      surveyor: false,
    });
    expect(deriveUserFlags(plain, [practice(1, 'PM'), practice(2, 'PM')]).singlePractice).toBe(false);
  });

  it('a surveyor is marked as one or has an SU role', () => {
    expect(deriveUserFlags(plain, [practice(1, 'SU')])).toMatchObject({
      surveyor: true,
      isPracticeManager: false,
    });
    expect(deriveUserFlags({ ...plain, isSurveyor: true }, []).surveyor).toBe(true);
  });

  it('copies the account flags', () => {
    const flags = deriveUserFlags(
      { ...plain, isStaff: true, isSuperadmin: true, isAdmin: true, hasSpecialAccess: true },
      [],
    );
    expect(flags).toMatchObject({
      staff: true,
      admin: true,
      superadmin: true,
      hasSpecialAccess: true,
      qam: false,
    });
  });
});

describe('deriveHasuraRoles', () => {
  it('everyone is user; admins default to provider_admin, QAMs to qam', () => {
    expect(deriveHasuraRoles({ isAdmin: false, isQam: false })).toEqual({
      allowedRoles: ['user'],
      defaultRole: 'user',
    });
    expect(deriveHasuraRoles({ isAdmin: false, isQam: true })).toEqual({
      allowedRoles: ['user', 'qam'],
      defaultRole: 'qam',
    });
    expect(deriveHasuraRoles({ isAdmin: true, isQam: true })).toEqual({
      allowedRoles: ['user', 'qam', 'provider_admin'],
      defaultRole: 'provider_admin',
    });
  });
});

describe('practiceRolesFrom', () => {
  it('keeps the practice roles PM and SU, in order, and drops any other name', () => {
    expect(practiceRolesFrom(['SU', 'OWNER', 'PM', ''])).toEqual(['SU', 'PM']);
    expect(practiceRolesFrom(new Set<string>())).toEqual([]);
  });
});
