import { Readable } from 'node:stream';
import {
  fieldErrors,
  PRACTICE_LIST_COLUMNS,
  portalToday,
  practiceListCells,
  readPracticeListQuery,
} from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { csvLine } from '../../lib/csv.ts';
import { engineCallerOf } from '../../lib/engine-as-user.ts';
import { ZRowIdParam } from '../../lib/route-params.ts';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { getEditionChanges, getEditionChangesPdf } from '../../services/editions/get-edition-changes.ts';
import { chooseNextCycleEdition, getNextCycleEdition } from '../../services/editions/next-cycle-edition.ts';
import { callerOfUser } from '../../services/practices/practice-access.ts';
import { listPracticesAsUser } from './list-practices-as-user.ts';

const ZPracticeParams = z.object({ practiceId: ZRowIdParam });

const ZCsvQuery = z.object({
  /** The calendar day the date filters count from; the server's day when absent. */
  today: z.iso.date('Enter a date as YYYY-MM-DD.').optional(),
});

/**
 * The list's filters (`ZPracticeListQuerySchema`, the schema the list screen reads its URL with)
 * and `today`: a value either refuses is a 400 naming it, before the engine is asked anything.
 */
function readCsvQuery(params: Record<string, string | string[] | undefined>) {
  try {
    const list = readPracticeListQuery(params);
    const { today = portalToday() } = ZCsvQuery.parse({ today: params.today });
    return { list, today };
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const fields = fieldErrors(error);
    const [name, message] = Object.entries(fields)[0] ?? ['', 'Invalid filters.'];
    throw new AppError('invalid_input', { message: `The filter '${name}' is not valid: ${message}`, fields });
  }
}

/**
 * /api/practices/*: practice list downloads. Every route needs a signed-in user (bearer token).
 *
 * GET /api/practices/csv?<the list URL's query> (spec 000 §7 GET web.practice/download_csv):
 * the filtered practice list as CSV, read from the engine with the caller's own token, so the
 * GraphQL permissions decide which practices appear, exactly as in the list. Streamed page by
 * page, so 20,000 rows never sit in memory at once.
 *
 * GET /api/practices/:practiceId/edition-changes and …/edition-changes.pdf (issue 30, "What changes
 * for us"): what the newer edition changes for the practice's current assessment, as JSON and as a
 * PDF attachment, for whoever has access to the practice (404 otherwise).
 *
 * GET|PUT /api/practices/:practiceId/next-cycle-edition (issue 30, the transition window): the
 * editions the next cycle may use and the practice's choice; PUT `{editionId}` needs
 * practice.changePractice.
 */
const practices: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get('/csv', async (request, reply) => {
    const { list, today } = readCsvQuery(request.query as Record<string, string | string[] | undefined>);
    const pages = await listPracticesAsUser(engineCallerOf(request, app.config.graphqlUrl), list, today);
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

  app.get('/:practiceId/edition-changes', async (request, reply) => {
    const { practiceId } = ZPracticeParams.parse(request.params);
    const changes = await getEditionChanges(app.db, callerOfUser(request.user), practiceId);
    return reply.header('cache-control', 'no-store').send(changes);
  });

  app.get('/:practiceId/next-cycle-edition', async (request, reply) => {
    const { practiceId } = ZPracticeParams.parse(request.params);
    const choice = await getNextCycleEdition(app.db, callerOfUser(request.user), practiceId);
    return reply.header('cache-control', 'no-store').send(choice);
  });

  app.put('/:practiceId/next-cycle-edition', { bodyLimit: 1024 }, async (request, reply) => {
    const { practiceId } = ZPracticeParams.parse(request.params);
    const choice = await chooseNextCycleEdition(app.db, callerOfUser(request.user), practiceId, request.body);
    return reply.header('cache-control', 'no-store').send(choice);
  });

  app.get('/:practiceId/edition-changes.pdf', async (request, reply) => {
    const { practiceId } = ZPracticeParams.parse(request.params);
    const file = await getEditionChangesPdf(app.db, callerOfUser(request.user), practiceId);
    return sendAttachment(reply, { contentType: 'application/pdf', fileName: file.fileName, body: file.pdf });
  });
};
export default practices;
