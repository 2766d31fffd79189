import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ActionHandler } from '@portal/actions/define-action';

/**
 * An action that exists only in tests: its handler, and the metadata that declares it as a query
 * (a field of `type Query`, its output types, its `actions.yaml` entry).
 */
export interface TestAction {
  handler: ActionHandler;
  query: { field: string; types: string; outputTypes: string[]; yaml: string };
}

const HASURA_DIR = path.resolve(import.meta.dirname, '../../../hasura');

function insertAfter(text: string, anchor: string, insert: string, file: string): string {
  const at = text.indexOf(anchor);
  if (at < 0) throw new Error(`${file}: no "${anchor.trim()}" to add test actions after`);
  return text.slice(0, at + anchor.length) + insert + text.slice(at + anchor.length);
}

/**
 * A copy of the `hasura/` project whose metadata also declares the test actions (migrations and
 * seeds are linked, not copied). Returns its directory and a function that removes it.
 */
export function projectWithTestActions(actions: readonly TestAction[]): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-test-project-'));
  cpSync(path.join(HASURA_DIR, 'config.yaml'), path.join(dir, 'config.yaml'));
  cpSync(path.join(HASURA_DIR, 'metadata'), path.join(dir, 'metadata'), { recursive: true });
  for (const folder of ['migrations', 'seeds'])
    symlinkSync(path.join(HASURA_DIR, folder), path.join(dir, folder));

  const graphqlFile = path.join(dir, 'metadata/actions.graphql');
  const yamlFile = path.join(dir, 'metadata/actions.yaml');
  let graphql = readFileSync(graphqlFile, 'utf8');
  let yaml = readFileSync(yamlFile, 'utf8');
  for (const { query } of actions) {
    graphql = `${insertAfter(graphql, 'type Query {\n', `${query.field}\n\n`, graphqlFile)}\n${query.types}\n`;
    yaml = insertAfter(yaml, 'actions:\n', query.yaml, yamlFile);
    yaml = insertAfter(
      yaml,
      '  objects:\n',
      query.outputTypes.map((name) => `    - name: ${name}\n`).join(''),
      yamlFile,
    );
  }
  writeFileSync(graphqlFile, graphql);
  writeFileSync(yamlFile, yaml);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
