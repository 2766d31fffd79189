import { describe, expect, it } from 'vitest';
import { DEFAULT_TWO_FACTOR_POLICY, twoFactorRequiredFor } from './two-factor-policy.ts';

const nobody = { admin: false, qam: false, surveyor: false, staff: false, practiceCount: 0 };

describe('twoFactorRequiredFor', () => {
  it('requires provider admins, QAMs and surveyors by default and offers it to practice users', () => {
    const policy = DEFAULT_TWO_FACTOR_POLICY;
    expect(twoFactorRequiredFor(policy, { ...nobody, admin: true })).toBe(true);
    expect(twoFactorRequiredFor(policy, { ...nobody, qam: true })).toBe(true);
    expect(twoFactorRequiredFor(policy, { ...nobody, surveyor: true })).toBe(true);
    expect(twoFactorRequiredFor(policy, { ...nobody, practiceCount: 2 })).toBe(false);
    expect(twoFactorRequiredFor(policy, { ...nobody, staff: true })).toBe(false);
    expect(twoFactorRequiredFor(policy, nobody)).toBe(false);
  });

  it('requires it when any one of a person’s roles is required', () => {
    const policy = { providerAdmin: false, qam: false, surveyor: false, practiceUser: true };
    expect(twoFactorRequiredFor(policy, { ...nobody, admin: true })).toBe(false);
    expect(twoFactorRequiredFor(policy, { ...nobody, admin: true, practiceCount: 1 })).toBe(true);
    expect(twoFactorRequiredFor(policy, { ...nobody, staff: true })).toBe(true);
  });
});
