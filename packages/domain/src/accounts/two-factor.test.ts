import { describe, expect, it } from 'vitest';
import {
  formatRecoveryCode,
  formatTotpKey,
  ZRecoveryCodeSchema,
  ZSignInVerifySchema,
  ZTotpCodeSchema,
} from './two-factor.ts';

describe('two-factor sign-in input (decisions/accounts-and-sessions.md)', () => {
  it('takes an authenticator code of six digits, spaces dropped', () => {
    expect(ZTotpCodeSchema.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '', '１２３４５６'])
      expect(ZTotpCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('takes a recovery code in any case, with or without hyphens and spaces', () => {
    expect(ZRecoveryCodeSchema.parse('ABCD-efgh 2345-67ab')).toBe('abcdefgh234567ab');
    for (const bad of ['abcd-efgh', 'abcd-efgh-ijkl-mno1', 'x'.repeat(41)])
      expect(ZRecoveryCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('wants exactly one proof with the challenge: a code, a recovery code or a passkey', () => {
    const passkey = {
      id: 'A'.repeat(43),
      rawId: 'A'.repeat(43),
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    };
    expect(ZSignInVerifySchema.safeParse({ challenge: 'c', passkey }).success).toBe(true);
    expect(ZSignInVerifySchema.safeParse({ challenge: 'c', passkey, code: '123456' }).success).toBe(false);
    // Bounded and well formed, before anything verifies it.
    for (const bad of [
      { ...passkey, type: 'password' },
      { ...passkey, id: 'not base64url!' },
      { ...passkey, response: { ...passkey.response, signature: 'A'.repeat(2000) } },
    ])
      expect(ZSignInVerifySchema.safeParse({ challenge: 'c', passkey: bad }).success).toBe(false);

    expect(ZSignInVerifySchema.safeParse({ challenge: 'c', code: '123456' }).success).toBe(true);
    expect(ZSignInVerifySchema.safeParse({ challenge: 'c', recoveryCode: 'abcdefgh234567ab' }).success).toBe(
      true,
    );
    expect(ZSignInVerifySchema.safeParse({ challenge: 'c' }).success).toBe(false);
    expect(
      ZSignInVerifySchema.safeParse({ challenge: 'c', code: '123456', recoveryCode: 'abcdefgh234567ab' })
        .success,
    ).toBe(false);
    expect(ZSignInVerifySchema.safeParse({ challenge: '', code: '123456' }).success).toBe(false);
  });

  it('shows keys and recovery codes in groups of four', () => {
    expect(formatTotpKey('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP');
    expect(formatRecoveryCode('abcdefgh234567ab')).toBe('abcd-efgh-2345-67ab');
  });
});
