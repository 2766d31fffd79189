import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@portal/devdb/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENV_DOCS } from './config/env.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoAccountsMarkdown } from './demo-accounts.ts';

describe('demo accounts', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase('seeded');
  });
  afterAll(async () => {
    await db.drop();
  });

  it('are the accounts the seeds create, active and with a password', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ email: string; is_active: boolean; has_password: boolean }>(
        'select email::text, is_active, password_hash is not null as has_password from users where email = any($1)',
        [DEMO_ACCOUNTS.map((a) => a.email)],
      );
      expect(rows.map((r) => r.email).sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());
      expect(rows.every((r) => r.is_active && r.has_password)).toBe(true);
    } finally {
      await client.end();
    }
  });
});

describe("the stack's guide (stack/GUIDE.md)", () => {
  it('shows the same demo accounts and every environment variable', () => {
    // Table cells may be padded by the formatter.
    const squeeze = (text: string) => text.replace(/-{3,}/g, '---').replace(/[ \t]+/g, ' ');
    const readme = squeeze(readFileSync(path.join(import.meta.dirname, '..', 'GUIDE.md'), 'utf8'));
    expect(readme).toContain(squeeze(demoAccountsMarkdown()));
    expect(readme).toContain(DEMO_PASSWORD);
    for (const name of Object.keys(ENV_DOCS)) expect(readme, name).toContain(`| \`${name}\` `);
  });
});
