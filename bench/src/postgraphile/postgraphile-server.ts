import './node20-polyfill.ts';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postgraphile } from 'postgraphile';
import { TYPES } from 'postgraphile/@dataplan/pg';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { addPgTableOrderBy, jsonPgSmartTags, orderByAscDesc } from 'postgraphile/utils';
import { PostGraphileConnectionFilterPreset } from 'postgraphile-plugin-connection-filter';

/** PostGraphile v5 serving `public` of a database over HTTP in this process. */
export interface BenchPostGraphile {
  url: string;
  close(): Promise<void>;
}

/**
 * `practices` ordered by their current accreditation's expiry (nulls last), the list's order.
 * PostGraphile orders by own columns only; this is the documented way to add an order.
 */
const CurrentAccreditationExpiryOrder = addPgTableOrderBy(
  { schemaName: 'public', tableName: 'practices' },
  (build) => {
    const { sql } = build;
    const alias = sql.identifier(Symbol('accreditation'));
    return orderByAscDesc(
      'CURRENT_ACCREDITATION_EXPIRY_DATE',
      ($select) => ({
        fragment: sql`(select ${alias}.effective_expiry_date from public.accreditations as ${alias} where ${alias}.id = ${$select.alias}.current_accreditation_id)`,
        codec: TYPES.date,
      }),
      { nulls: 'last' },
    );
  },
);

/** audit_log has a `row_id` column that collides with the Amber preset's `rowId`: leave it out. */
const SkipAuditLog = jsonPgSmartTags({
  version: 1,
  config: { class: { audit_log: { tags: { behavior: '-*' } } } },
});

/** Starts PostGraphile on a free port (production mode, no GraphiQL, no watch). */
export async function startBenchPostGraphile(databaseUrl: string, poolSize = 20): Promise<BenchPostGraphile> {
  const preset: GraphileConfig.Preset = {
    extends: [PostGraphileAmberPreset, PostGraphileConnectionFilterPreset],
    plugins: [CurrentAccreditationExpiryOrder, SkipAuditLog],
    // Filters and orders on every column, like the engine (Amber limits them to indexed columns).
    disablePlugins: ['PgIndexBehaviorsPlugin'],
    pgServices: [
      makePgService({ connectionString: databaseUrl, schemas: ['public'], poolConfig: { max: poolSize } }),
    ],
    schema: { connectionFilterRelations: true },
    grafserv: { graphqlPath: '/graphql', graphiql: false, watch: false },
  };
  const pgl = postgraphile(preset);
  const serv = pgl.createServ(grafserv);
  const server: Server = createServer();
  await serv.addTo(server);
  await pgl.getSchema();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await pgl.release();
    },
  };
}
