/**
 * `graphql()`: every GraphQL document of the app, typed by gql.tada from the engine's schema for
 * role `user` (schema.graphql, turned into graphql-env.d.ts by `npm run graphql:schema`). Results
 * and variables are inferred from the document; `npm run typecheck` validates documents against
 * the schema (`gql.tada check`).
 */
import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

export const graphql = initGraphQLTada<{
  introspection: introspection;
  // Hasura's scalars as they arrive in JSON (numbers are not stringified).
  scalars: {
    bigint: number;
    citext: string;
    date: string;
    jsonb: unknown;
    numeric: number;
    time: string;
    timestamptz: string;
  };
}>();

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';
export { maskFragments, readFragment } from 'gql.tada';
