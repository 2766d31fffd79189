import { describe, expect, it } from 'vitest';
import { functionFiles, liveFunctionFiles, normaliseFunctionText } from '../scripts/live-functions.ts';
import { useTestDb } from './db.ts';

// hasura/functions/<name>.sql is the live definition of every SQL function: the migrated database
// holds exactly those, no function without its file and no file without its function. A
// migration that changes a function changes its file too (hasura/scripts/, hasura/README.md).

const t = useTestDb('migrated');

describe('hasura/functions', () => {
  it('holds the live definition of every function of the migrated database, and nothing else', async () => {
    const live = await liveFunctionFiles(t.db.client);
    const files = functionFiles();
    const rewrite = 'run `npx tsx hasura/scripts/write-function-files.ts`';
    expect(
      [...live.keys()].filter((name) => !files.has(name)),
      `functions without a file: ${rewrite}`,
    ).toEqual([]);
    expect(
      [...files.keys()].filter((name) => !live.has(name)),
      'files of no function',
    ).toEqual([]);
    for (const [name, text] of live) {
      expect(normaliseFunctionText(files.get(name)!), `hasura/functions/${name}.sql`).toBe(
        normaliseFunctionText(text),
      );
    }
    expect(live.size).toBeGreaterThan(50);
  });
});
