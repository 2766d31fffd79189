import { Readable } from 'node:stream';
import {
  PRACTICE_LIST_COLUMNS,
  parsePracticeListQuery,
  portalToday,
  practiceListCells,
} from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { csvLine } from '../../lib/csv.ts';
import { listPracticesAsUser } from './list-practices-as-user.ts';

const ZCsvQuery = z.object({
  /** The calendar day the date filters count from; the server's day when absent. */
  today: z.iso.date().optional(),
});

/**
 * /api/practices/*: practice list downloads. Every route needs a signed-in user (bearer token).
 *
 * GET /api/practices/csv?<the list URL's query> (spec 000 §7 GET web.practice/download_csv):
 * the filtered practice list as CSV, read from the engine with the caller's own token, so the
 * GraphQL permissions decide which practices appear, exactly as in the list. Streamed page by
 * page, so 20,000 rows never sit in memory at once.
 */
const practices: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/csv', async (request, reply) => {
    const params = request.query as Record<string, string | string[] | undefined>;
    const { today = portalToday() } = ZCsvQuery.parse({ today: params.today });
    const headers: Record<string, string> = { authorization: request.headers.authorization ?? '' };
    const role = request.headers['x-hasura-role'];
    if (typeof role === 'string' && role) headers['x-hasura-role'] = role;
    const pages = await listPracticesAsUser(
      { graphqlUrl: app.config.graphqlUrl, headers },
      parsePracticeListQuery(params),
      today,
    );
    async function* lines() {
      // A byte-order mark so spreadsheet programs read the file as UTF-8.
      yield `\uFEFF${csvLine(PRACTICE_LIST_COLUMNS)}`;
      for await (const page of pages) yield page.map((row) => csvLine(practiceListCells(row))).join('');
    }
    const stream = Readable.from(lines());
    stream.on('error', (error) => request.log.error({ err: error }, 'practice CSV stopped half-way'));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="practices-${today}.csv"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
};
export default practices;
