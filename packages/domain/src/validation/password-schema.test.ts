import { describe, expect, it } from 'vitest';
import { ZCurrentPasswordSchema, ZPasswordSchema } from './password-schema.ts';

const messageOf = (value: unknown) => ZPasswordSchema.safeParse(value).error?.issues[0]?.message;

describe('ZPasswordSchema', () => {
  it('uses the spec messages', () => {
    expect(messageOf('')).toBe('Required.');
    expect(messageOf(undefined)).toBe('Required.');
    expect(messageOf('1234567')).toBe('Min 8 characters');
    expect(messageOf('12345678901234567')).toBe('Max 16 characters');
  });

  it('accepts 8 to 16 characters', () => {
    expect(ZPasswordSchema.safeParse('12345678').success).toBe(true);
    expect(ZPasswordSchema.safeParse('1234567890123456').success).toBe(true);
  });

  it('only requires a current password, so older passwords still sign in', () => {
    expect(ZCurrentPasswordSchema.safeParse('short').success).toBe(true);
    expect(ZCurrentPasswordSchema.safeParse('').error?.issues[0]?.message).toBe('Required.');
  });
});
