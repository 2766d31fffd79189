import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngineCore } from '../engine/load-engine-core.ts';
import { BLOG_DIR, blogDatabase } from '../testing/blog.ts';

let db: Awaited<ReturnType<typeof blogDatabase>>;
beforeAll(async () => {
  db = await blogDatabase();
});
afterAll(async () => db?.drop());

/** A copy of the blog project with one metadata file edited. */
function variant(file: string, edit: (text: string) => string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'engine-meta-'));
  cpSync(BLOG_DIR, dir, { recursive: true });
  const target = path.join(dir, 'metadata', file);
  writeFileSync(target, edit(readFileSync(target, 'utf8')));
  return dir;
}

/** Starts an engine on a variant and returns the start-up error message. */
async function startError(dir: string): Promise<string> {
  try {
    const core = await loadEngineCore({ projectDir: dir, databaseUrl: db.url, poolSize: 1 });
    await core.executor.close();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the engine started');
}

const ARTICLE = 'databases/default/tables/public_article.yaml';

describe('metadata validation at start (nothing silently ignored)', () => {
  it('refuses an unknown table key, naming the file and key', async () => {
    const msg = await startError(variant(ARTICLE, (t) => `${t}\nremote_relationships: []\n`));
    expect(msg).toContain('public_article.yaml');
    expect(msg).toContain('remote_relationships');
  });

  it('refuses a filter on a column that does not exist', async () => {
    const msg = await startError(
      variant(ARTICLE, (t) =>
        t.replace('published:\n              _eq: true', 'publishd:\n              _eq: true'),
      ),
    );
    expect(msg).toMatch(
      /public_article\.yaml: .*select_permissions\.user\.permission\.filter\._or\[0\]\.publishd: no column, relationship or computed field 'publishd'/,
    );
  });

  it('refuses an unknown operator in a permission rule', async () => {
    const msg = await startError(
      variant(ARTICLE, (t) =>
        t.replace(
          '_eq: X-Hasura-User-Id\n      columns: [title, published]',
          '_equals: X-Hasura-User-Id\n      columns: [title, published]',
        ),
      ),
    );
    expect(msg).toContain('check.author_id._equals: unknown operator');
  });

  it('refuses an inherited role built from an unknown role', async () => {
    const msg = await startError(
      variant('inherited_roles.yaml', (t) => t.replace('[user, analyst]', '[user, nobody]')),
    );
    expect(msg).toContain('inherited_roles.yaml');
    expect(msg).toContain("unknown role 'nobody'");
  });

  it('refuses an action declared in actions.yaml but not in actions.graphql', async () => {
    const msg = await startError(
      variant('actions.graphql', (t) =>
        t.replace('placeOrder(input: PlaceOrderInput!): PlaceOrderOutput', 'other: Int'),
      ),
    );
    expect(msg).toContain('actions.graphql');
    expect(msg).toContain('placeOrder');
  });

  it('refuses features the engine does not implement, e.g. remote schemas', async () => {
    const dir = variant('version.yaml', (t) => t);
    writeFileSync(
      path.join(dir, 'metadata', 'remote_schemas.yaml'),
      '- name: payments\n  definition:\n    url: http://x\n',
    );
    expect(await startError(dir)).toContain(
      'remote_schemas.yaml: remote_schemas: remote schemas are not supported by this engine',
    );
  });

  it('reads api_limits.yaml: per-role depth and node limits, global batch and time limits', async () => {
    const dir = variant('version.yaml', (t) => t);
    writeFileSync(
      path.join(dir, 'metadata', 'api_limits.yaml'),
      'depth_limit:\n  global: 7\n  per_role:\n    user: 3\nnode_limit:\n  global: 300\nbatch_limit:\n  global: 5\ntime_limit:\n  global: 4\n',
    );
    const core = await loadEngineCore({ projectDir: dir, databaseUrl: db.url, poolSize: 1 });
    try {
      expect(core.limits.forRole('user')).toMatchObject({ maxDepth: 3, maxNodes: 300, maxBatch: 5 });
      expect(core.limits.forRole('editor')).toMatchObject({ maxDepth: 7, maxNodes: 300, maxBatch: 5 });
      expect(core.limits.forRole('admin')).toEqual({});
      expect(core.limits.statementTimeoutMs()).toBe(4000);
    } finally {
      await core.executor.close();
    }
  });

  it('refuses api limits it cannot honour (rate limits; per-role batch and time limits)', async () => {
    const withLimits = (text: string) => {
      const dir = variant('version.yaml', (t) => t);
      writeFileSync(path.join(dir, 'metadata', 'api_limits.yaml'), text);
      return dir;
    };
    expect(
      await startError(
        withLimits('rate_limit:\n  global:\n    max_reqs_per_min: 10\n    unique_params: IP\n'),
      ),
    ).toContain('api_limits.yaml: rate_limit: only depth_limit, node_limit, batch_limit and time_limit');
    expect(await startError(withLimits('time_limit:\n  per_role:\n    user: 2\n'))).toContain(
      'api_limits.yaml: time_limit: only a global limit is supported here',
    );
    expect(await startError(withLimits('depth_limit:\n  global: -1\n'))).toContain(
      'global must be a non-negative integer',
    );
  });

  it('refuses a relationship to an untracked table', async () => {
    const msg = await startError(
      variant('databases/default/tables/tables.yaml', (t) =>
        t.replace('- "!include public_author.yaml"\n', ''),
      ),
    );
    expect(msg).toContain('public_article.yaml');
  });
});

describe('inherited roles', () => {
  it('inherit mutations as Hasura does: a parent without one is ignored, differing parents give none, to heirs too', async () => {
    const dir = variant('inherited_roles.yaml', () =>
      [
        '- role_name: user_analyst',
        '  role_set: [user, analyst]',
        '- role_name: user_editor',
        '  role_set: [user, editor]',
        '- role_name: editor_heir',
        '  role_set: [user_editor, analyst]',
        '',
      ].join('\n'),
    );
    const core = await loadEngineCore({ projectDir: dir, databaseUrl: db.url, poolSize: 1 });
    try {
      const article = core.model.tables.find((t) => t.name === 'article')!;
      const user = article.permissions.get('user')!;
      // The analyst writes nothing: user_analyst writes as user does.
      const analystHeir = article.permissions.get('user_analyst')!;
      expect(analystHeir.insert).toBe(user.insert);
      expect(analystHeir.update).toBe(user.update);
      expect(analystHeir.delete).toBe(user.delete);
      const mutations = Object.keys(core.schemaFor('user_analyst').schema.getMutationType()!.getFields());
      expect(mutations).toEqual(
        expect.arrayContaining(['insert_article', 'update_article', 'delete_article']),
      );
      // user and editor both update articles, differently: no update; user alone inserts and deletes.
      const editorHeir = article.permissions.get('user_editor')!;
      expect(editorHeir.update).toBeUndefined();
      expect(editorHeir.insert).toBe(user.insert);
      expect(editorHeir.delete).toBe(user.delete);
      // The conflict carries on to an heir of user_editor, though its other parent has no update.
      const grandchild = article.permissions.get('editor_heir')!;
      expect(grandchild.update).toBeUndefined();
      expect(grandchild.insert).toBe(user.insert);
    } finally {
      await core.executor.close();
    }
  });
});
