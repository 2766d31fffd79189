import { describe, expect, it } from 'vitest';
import { ZEmailSchema } from './email-schema.ts';

describe('ZEmailSchema', () => {
  it('normalises case and spaces', () => {
    expect(ZEmailSchema.parse('  PM@Demo.Test ')).toBe('pm@demo.test');
  });

  it('accepts the demo domain and one-letter top-level domains', () => {
    expect(ZEmailSchema.safeParse('admin@demo.test').success).toBe(true);
    expect(ZEmailSchema.safeParse('a@b.c').success).toBe(true);
  });

  it('refuses empty and malformed addresses with a message', () => {
    expect(ZEmailSchema.safeParse('').error?.issues[0]?.message).toBe('Required.');
    expect(ZEmailSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Required.');
    for (const bad of ['nobody', 'a@b', 'a b@c.d', '@demo.test']) {
      expect(ZEmailSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'Enter a valid e-mail address.',
      );
    }
  });
});
