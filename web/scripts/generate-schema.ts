/**
 * Writes src/lib/urql/schema.json: the engine's schema, introspected as admin and minified, so
 * graphcache knows types. Optional: the client works without it.
 *   npm run -w @portal/web schema
 * GRAPHQL_URL (default http://127.0.0.1:$PORT/v1/graphql) and HASURA_GRAPHQL_ADMIN_SECRET
 * (default: the one the local stack generated in $DATA_DIR/secrets.json).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { minifyIntrospectionQuery } from '@urql/introspection';
import { getIntrospectionQuery, type IntrospectionQuery } from 'graphql';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../..');
const url = process.env.GRAPHQL_URL ?? `http://127.0.0.1:${process.env.PORT ?? 3000}/v1/graphql`;

function adminSecret(): string {
  if (process.env.HASURA_GRAPHQL_ADMIN_SECRET) return process.env.HASURA_GRAPHQL_ADMIN_SECRET;
  const file = path.resolve(root, process.env.DATA_DIR ?? '.data', 'secrets.json');
  if (existsSync(file)) {
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const secret = secrets.HASURA_GRAPHQL_ADMIN_SECRET ?? secrets.adminSecret;
    if (typeof secret === 'string') return secret;
  }
  throw new Error('No admin secret: set HASURA_GRAPHQL_ADMIN_SECRET or start the stack once (npm start).');
}

const response = await fetch(url, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', 'x-hasura-admin-secret': adminSecret() },
  body: JSON.stringify({ query: getIntrospectionQuery({ descriptions: false }) }),
});
const body = (await response.json()) as { data?: IntrospectionQuery; errors?: unknown };
if (!response.ok || !body.data)
  throw new Error(`Introspection failed (${response.status}): ${JSON.stringify(body.errors)}`);
const target = path.join(here, '../src/lib/urql/schema.json');
writeFileSync(target, `${JSON.stringify(minifyIntrospectionQuery(body.data))}\n`);
console.log(`Wrote ${path.relative(root, target)}`);
