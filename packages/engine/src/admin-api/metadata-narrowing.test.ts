import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestDatabase } from '@portal/devdb/testing';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/create.ts';
import { loadMetadataDirectory } from '../metadata/load.ts';
import { readDatabase } from '../metadata/load-model.ts';
import type { BoolExp, Model, TablePermissions } from '../model/types.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';
import { resolveMetadata } from './metadata-inconsistency.ts';

/**
 * Security review F1: an object dropped as inconsistent only ever narrows access. The inherited
 * role `user_analyst` (user ∪ analyst) has permissions of its own, narrower than its parents'
 * union; when the database drops what they use, the slot must end up empty, not inherited.
 */
const OWN_AUTHOR = `
  - role: user_analyst
    permission:
      columns: [id]
      filter:
        _and:
          - id: { _eq: 1 }
          - rating: { _is_null: true }
`;
const OWN_ARTICLE = `
  - role: user_analyst
    permission:
      columns: [id]
      filter:
        author: { id: { _eq: 1 } }
`;

function addOwnPermission(project: string, file: string, yaml: string) {
  const full = path.join(project, 'metadata/databases/default/tables', file);
  const text = readFileSync(full, 'utf8');
  expect(text).toMatch(/^select_permissions:\n/m);
  writeFileSync(full, text.replace(/^select_permissions:\n/m, `select_permissions:\n${yaml.slice(1)}`));
}

/** A filter that lets every row through (`{}`, or an `_or` with such a branch). */
function allowsAll(b: BoolExp): boolean {
  if (b.kind === 'and') return b.items.every(allowsAll);
  if (b.kind === 'or') return b.items.some(allowsAll);
  return false;
}

/** Every way `after` grants more than `before` for one role and table (empty: it narrowed or kept). */
function widenings(before: TablePermissions | undefined, after: TablePermissions | undefined): string[] {
  const out: string[] = [];
  for (const kind of ['insert', 'update', 'delete'] as const)
    if (after?.[kind] && !before?.[kind]) out.push(`${kind} granted`);
  const a = after?.select;
  const b = before?.select;
  if (!a) return out;
  if (!b) return [...out, 'select granted'];
  for (const c of a.columns) if (!b.columns.has(c)) out.push(`column ${c}`);
  for (const c of a.computed) if (!b.computed.has(c)) out.push(`computed field ${c}`);
  if (a.allowAggregations && !b.allowAggregations) out.push('aggregations');
  if (allowsAll(a.filter) && !allowsAll(b.filter)) out.push('filter removed');
  return out;
}

function compare(before: Model, after: Model): string[] {
  const problems: string[] = [];
  for (const role of new Set([...before.roles, ...after.roles])) {
    if (role === 'admin') continue;
    for (const table of after.tables) {
      const old = before.tables.find((t) => t.schema === table.schema && t.name === table.name);
      for (const w of widenings(old?.permissions.get(role), table.permissions.get(role)))
        problems.push(`${role} on ${table.name}: ${w}`);
    }
  }
  return problems;
}

describe('a dropped inconsistent object only narrows access (F1)', () => {
  let db: TestDatabase;
  let project: string;

  beforeAll(async () => {
    db = await blogDatabase();
    project = mkdtempSync(path.join(os.tmpdir(), 'narrowing-'));
    cpSync(BLOG_DIR, project, { recursive: true });
    addOwnPermission(project, 'public_author.yaml', OWN_AUTHOR);
    addOwnPermission(project, 'public_article.yaml', OWN_ARTICLE);
  });

  afterAll(async () => {
    await db?.drop();
    if (project) rmSync(project, { recursive: true, force: true });
  });

  const sql = async (text: string) => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };

  it('no role or table gains columns, rows, aggregations or mutations when a column and a foreign key go', async () => {
    const raw = loadMetadataDirectory(path.join(project, 'metadata'));
    const before = resolveMetadata(raw, await readDatabase(raw, db.url));
    expect(before.inconsistent).toEqual([]);
    const engine = await createEngine({
      projectDir: project,
      databaseUrl: db.url,
      adminSecret: 's3cret',
      poolSize: 2,
    });
    const port = await engine.listen(0);
    try {
      await sql(
        'ALTER TABLE author DROP COLUMN rating CASCADE; ALTER TABLE article DROP CONSTRAINT article_author_id_fkey',
      );
      const after = resolveMetadata(raw, await readDatabase(raw, db.url));
      expect(after.inconsistent.map((o) => o.name)).toEqual(
        expect.arrayContaining([
          'select_permission user_analyst in table author in source default',
          'select_permission user_analyst in table article in source default',
        ]),
      );
      expect(compare(before.model, after.model)).toEqual([]);
      const author = after.model.tables.find((t) => t.name === 'author')!;
      expect(author.permissions.get('user_analyst')?.select).toBeUndefined();

      // The same through the API: reload_metadata, then a query as the inherited role.
      const post = async (url: string, body: unknown, headers: Record<string, string>) => {
        const res = await fetch(`http://127.0.0.1:${port}${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hasura-admin-secret': 's3cret', ...headers },
          body: JSON.stringify(body),
        });
        return (await res.json()) as Record<string, unknown>;
      };
      const reload = await post(
        '/v1/metadata',
        { type: 'reload_metadata', args: { reload_sources: true } },
        {},
      );
      expect(reload).toMatchObject({ message: 'success', is_consistent: false });
      const read = await post(
        '/v1/graphql',
        { query: '{ author { id name genre } }' },
        { 'x-hasura-role': 'user_analyst' },
      );
      expect(read.data).toBeUndefined();
      expect(JSON.stringify(read.errors)).toMatch(/field 'author' not found in type: 'query_root'/);
    } finally {
      await engine.close();
    }
  });
});
