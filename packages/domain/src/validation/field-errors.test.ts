import { describe, expect, it } from 'vitest';
import { ZRegisterRequestSchema } from '../accounts/register-request.ts';
import { fieldErrors } from './field-errors.ts';

describe('fieldErrors', () => {
  it('keeps the first message of every field', () => {
    const result = ZRegisterRequestSchema.safeParse({ email: 'x', password: 'short', lastName: 'Lee' });
    expect(fieldErrors(result.error!)).toEqual({
      email: 'Enter a valid e-mail address.',
      password: 'Min 8 characters',
      firstName: 'Required.',
    });
  });
});
