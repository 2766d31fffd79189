import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase } from '@portal/devdb/testing';
import { DEFAULT_LIMITS, estimateRows, loadEngineCore } from '@portal/engine';
import { type FragmentDefinitionNode, Kind, type OperationDefinitionNode, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { appDocuments } from './app-documents.ts';
import {
  APP_ROLES,
  buildRoleSchemas,
  buildUserSchema,
  HASURA_DIR,
  SCHEMA_FILE,
  TADA_OUTPUT_FILE,
  WEB_DIR,
} from './user-schema.ts';

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

  it('is enough: every document of the app is valid for each role it sends requests as, not only user', async () => {
    const documents = await appDocuments(path.join(WEB_DIR, 'src'));
    expect(documents.length).toBeGreaterThan(30);
    const db = await createTestDatabase('migrated');
    try {
      const schemas = await buildRoleSchemas(db.url, APP_ROLES);
      const invalid = [...schemas].flatMap(([role, schema]) =>
        documents
          .filter(({ roles }) => !roles || roles.includes(role))
          .flatMap(({ file, name, document }) =>
            validate(schema, document).map((error) => `${file} ${name} as ${role}: ${error.message}`),
          ),
      );
      expect(invalid).toEqual([]);
    } finally {
      await db.drop();
    }
  });

  it("fits the engine's cost budget: every document of the app, as each role it runs as, at half of it or less", async () => {
    const documents = await appDocuments(path.join(WEB_DIR, 'src'));
    const db = await createTestDatabase('migrated');
    const core = await loadEngineCore({ projectDir: HASURA_DIR, databaseUrl: db.url, poolSize: 1 });
    try {
      const costs = APP_ROLES.flatMap((role) =>
        documents
          .filter(({ roles }) => !roles || roles.includes(role))
          .map(({ file, name, document }) => {
            const op = document.definitions.find(
              (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
            )!;
            const fragments = new Map<string, FragmentDefinitionNode>();
            for (const d of document.definitions)
              if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
            // A page size given by a variable counts as 200, more than any list of the app asks for.
            const variables: Record<string, unknown> = {};
            for (const v of op.variableDefinitions ?? [])
              if (/limit/i.test(v.variable.name.value)) variables[v.variable.name.value] = 200;
            const rows = estimateRows(
              core.schemaFor(role),
              op,
              fragments,
              variables,
              DEFAULT_LIMITS.costListRows,
            );
            return { request: `${file} ${name} as ${role}`, rows };
          }),
      );
      expect(costs.filter((c) => c.rows > DEFAULT_LIMITS.maxCost / 2)).toEqual([]);
    } finally {
      await core.executor.close();
      await db.drop();
    }
  });
});
