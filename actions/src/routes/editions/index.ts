import { EDITION_FILE_MAX_BYTES, editionJsonSchema } from '@portal/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { ZRowIdParam } from '../../lib/route-params.ts';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { requireActiveProviderAdmin } from '../../services/admin-users/admin-caller.ts';
import { XLSX_CONTENT_TYPE } from '../../services/editions/edition-sheet.ts';
import { editionTemplate } from '../../services/editions/edition-sheet-write.ts';
import {
  changeEditionStatus,
  EDITIONS_REFUSED,
  exportEdition,
  importEdition,
  listEditions,
} from '../../services/editions/editions.ts';
import { fileRouteSetup } from './admin-route-setup.ts';

const ZEditionParams = z.object({ id: ZRowIdParam });
const ZExportQuery = z.object({
  format: z
    .enum(['json', 'yaml', 'xlsx'], { error: 'Choose the format json, yaml or xlsx.' })
    .default('json'),
});

/**
 * /api/admin/editions: the editions of the standards (docs/editions.md). A provider admin lists
 * them, imports a file as a draft (its text as the body; 400 with every problem and its line,
 * nothing stored), exports one as JSON or YAML, publishes or retires one. A bearer token; the
 * caller is re-read as an active provider admin on every request.
 */
const editions: FastifyPluginAsync = async (app) => {
  fileRouteSetup(app, {
    limit: EDITION_FILE_MAX_BYTES,
    workbook: XLSX_CONTENT_TYPE,
    words: {
      tooLarge: `The file is larger than ${EDITION_FILE_MAX_BYTES / 1024 / 1024} MB: split it or shorten its texts.`,
      unsupported: 'Send the edition file as JSON or YAML text, or as an .xlsx workbook.',
    },
  });

  app.get('/', async (request) => {
    await requireActiveProviderAdmin(app.db, request.user.id, EDITIONS_REFUSED);
    return { editions: await listEditions(app.db) };
  });

  app.post('/import', async (request, reply) => {
    const body = request.body;
    if (Buffer.isBuffer(body) && body.length)
      return reply.code(201).send(await importEdition(app, request.user.id, { workbook: body }));
    if (typeof body !== 'string' || !body.trim())
      throw new AppError('invalid_input', {
        message: 'Choose an edition file (JSON, YAML or .xlsx) to import.',
      });
    return reply.code(201).send(await importEdition(app, request.user.id, { text: body }));
  });

  // The workbook to start from: a small example edition (docs/editions/README.md, "The spreadsheet").
  app.get('/template.xlsx', async (request, reply) => {
    await requireActiveProviderAdmin(app.db, request.user.id, EDITIONS_REFUSED);
    return sendAttachment(reply, {
      contentType: XLSX_CONTENT_TYPE,
      fileName: 'edition-template.xlsx',
      body: await editionTemplate(),
    });
  });

  app.get('/:id/export', async (request, reply) => {
    const { id } = ZEditionParams.parse(request.params);
    const { format } = ZExportQuery.parse(request.query);
    const file = await exportEdition(app, request.user.id, id, format);
    return sendAttachment(reply, file);
  });

  app.post('/:id/publish', async (request) =>
    changeEditionStatus(app, request.user.id, ZEditionParams.parse(request.params).id, 'publish'),
  );
  app.post('/:id/retire', async (request) =>
    changeEditionStatus(app, request.user.id, ZEditionParams.parse(request.params).id, 'retire'),
  );
};
export default editions;

/** GET /api/editions/edition.schema.json: the format's JSON Schema, public (an editor checks a file with it). */
export const editionSchemaRoute: FastifyPluginAsync = async (app) => {
  const schema = JSON.stringify(editionJsonSchema(), null, 2);
  app.get('/edition.schema.json', async (_request, reply) =>
    reply
      .header('content-type', 'application/schema+json; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(schema),
  );
};
