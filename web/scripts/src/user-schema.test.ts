import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '@portal/devdb/testing';
import { describe, expect, it } from 'vitest';
import { buildUserSchema, SCHEMA_FILE, TADA_OUTPUT_FILE, WEB_DIR } from './user-schema.ts';

const STALE = 'is stale: run `npm run graphql:schema` and commit it';

describe('the checked-in GraphQL schema of the web app', () => {
  it('is what the engine builds now for role user', async () => {
    const db = await createTestDatabase('migrated');
    try {
      expect(await buildUserSchema(db.url), `web/src/lib/graphql/schema.graphql ${STALE}`).toBe(
        readFileSync(SCHEMA_FILE, 'utf8'),
      );
    } finally {
      await db.drop();
    }
  });

  it("is what gql.tada's graphql-env.d.ts types the documents with", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tada-'));
    try {
      const output = path.join(dir, 'graphql-env.d.ts');
      await promisify(execFile)(
        path.join(WEB_DIR, '../node_modules/.bin/gql.tada'),
        ['generate', 'output', '--tsconfig', path.join(WEB_DIR, 'tsconfig.json'), '--output', output],
        { cwd: WEB_DIR },
      );
      expect(readFileSync(output, 'utf8'), `web/src/lib/graphql/graphql-env.d.ts ${STALE}`).toBe(
        readFileSync(TADA_OUTPUT_FILE, 'utf8'),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
