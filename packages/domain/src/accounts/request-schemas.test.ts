import { describe, expect, it } from 'vitest';
import { ZChangePasswordRequestSchema } from './change-password-request.ts';
import { ZLoginRequestSchema } from './login-request.ts';
import { ZPasswordResetConfirmSchema, ZPasswordResetRequestSchema } from './password-reset-request.ts';
import { ZRegisterRequestSchema } from './register-request.ts';

describe('account request schemas', () => {
  it('login needs an e-mail and a password, and normalises the e-mail', () => {
    expect(ZLoginRequestSchema.parse({ email: 'PM@demo.test', password: 'x' })).toEqual({
      email: 'pm@demo.test',
      password: 'x',
    });
    expect(
      ZLoginRequestSchema.safeParse({ email: 'pm@demo.test', password: '' }).error?.issues[0]?.message,
    ).toBe('Required.');
  });

  it('register trims names, drops an empty invitation token and applies the password rules', () => {
    const parsed = ZRegisterRequestSchema.parse({
      email: 'new@demo.test',
      password: 'Secret-pass1',
      firstName: ' Jo ',
      lastName: 'Lee',
      invitationToken: '',
    });
    expect(parsed).toEqual({
      email: 'new@demo.test',
      password: 'Secret-pass1',
      firstName: 'Jo',
      lastName: 'Lee',
    });
    const long = ZRegisterRequestSchema.safeParse({ ...parsed, password: 'x'.repeat(17) });
    expect(long.error?.issues[0]?.message).toBe('Max 16 characters');
    const blank = ZRegisterRequestSchema.safeParse({ ...parsed, firstName: '   ' });
    expect(blank.error?.issues[0]?.message).toBe('Required.');
  });

  it('reset and change password apply the rules to the new password only', () => {
    expect(ZPasswordResetRequestSchema.safeParse({ email: 'nobody' }).success).toBe(false);
    expect(
      ZPasswordResetConfirmSchema.safeParse({ token: 't', password: 'short' }).error?.issues[0]?.message,
    ).toBe('Min 8 characters');
    expect(
      ZChangePasswordRequestSchema.safeParse({ oldPassword: 'old', newPassword: 'New-pass-12' }).success,
    ).toBe(true);
    expect(
      ZChangePasswordRequestSchema.safeParse({ oldPassword: '', newPassword: 'New-pass-12' }).error
        ?.issues[0],
    ).toMatchObject({ path: ['oldPassword'], message: 'Required.' });
  });
});
