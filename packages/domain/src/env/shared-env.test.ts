import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SHARED_ENV, sharedEnvDifferences, ZPortSchema } from './shared-env.ts';

describe('SHARED_ENV', () => {
  it('parses each shared variable once, with the defaults both sides apply', () => {
    expect(SHARED_ENV.SMTP_PORT.parse(undefined)).toBe(587);
    expect(SHARED_ENV.MAX_FILE_SIZE_MB.parse(undefined)).toBe(100);
    expect(SHARED_ENV.S3_FORCE_PATH_STYLE.parse(undefined)).toBe(true);
    expect(SHARED_ENV.S3_FORCE_PATH_STYLE.parse('No')).toBe(false);
    expect(SHARED_ENV.S3_REGION.parse(undefined)).toBe('us-east-1');
    expect(SHARED_ENV.SMTP_FROM.parse(undefined)).toBe('Connect <no-reply@localhost>');
    expect(SHARED_ENV.DATABASE_URL.safeParse('mysql://x').error?.issues[0]?.message).toBe(
      'must be a URL starting with postgres:// or postgresql://',
    );
    expect(SHARED_ENV.PAYMENT_URL_TEMPLATE.safeParse('https://pay.test/').error?.issues[0]?.message).toBe(
      'must contain {practiceId}',
    );
    expect(SHARED_ENV.DEV_PAGES_KEY.safeParse('short').error?.issues[0]?.message).toBe(
      'must be at least 16 characters',
    );
    expect(ZPortSchema.safeParse('70000').success).toBe(false);
  });

  it('finds a side whose rule differs from the shared one, or that does not read a shared variable', () => {
    const agreeing = { ...SHARED_ENV };
    expect(sharedEnvDifferences(agreeing)).toEqual([]);
    const { SMTP_PORT: _, ...withoutSmtpPort } = SHARED_ENV;
    expect(
      sharedEnvDifferences({ ...withoutSmtpPort, MAX_FILE_SIZE_MB: z.coerce.number().default(100) }),
    ).toEqual(
      expect.arrayContaining(['SMTP_PORT: not read', expect.stringMatching(/^MAX_FILE_SIZE_MB="6000": /)]),
    );
  });
});
