import { MAPPING_FILE_MAX_BYTES } from '@portal/domain';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { ROW_ID_MAX, ZRowIdParam } from '../../lib/route-params.ts';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { sendError } from '../../plugins/app/error-handler.ts';
import { requireActiveProviderAdmin } from '../../services/admin-users/admin-caller.ts';
import { EditionFileRefused } from '../../services/editions/editions.ts';
import { listMoves, moveChoices } from '../../services/editions/list-moves.ts';
import {
  changeMapping,
  createMapping,
  exportMapping,
  importMapping,
  listMappings,
  MAPPINGS_REFUSED,
  mappingView,
  ZMappingChange,
} from '../../services/editions/mappings.ts';
import { dryRunMove, moveAssessments, ZMoveRequest } from '../../services/editions/move-assessments.ts';
import { undoMove } from '../../services/editions/undo-move.ts';

const ZIdParams = z.object({ id: ZRowIdParam });
const ZRowId = z.number().int().positive().max(ROW_ID_MAX);
const ZNewMapping = z.strictObject(
  { from: ZRowId, to: ZRowId },
  { error: 'Send from and to, the two editions’ ids.' },
);
const ZMovesQuery = z.strictObject({ mappingId: ZRowIdParam.optional() });
const ZChoicesQuery = z.strictObject({ mappingId: ZRowIdParam });
const ZExportQuery = z.object({
  format: z.enum(['json', 'yaml'], { error: 'Choose the format json or yaml.' }).default('json'),
});

/** The bodies these routes take: text, whatever its type says (a file's lines need the text; JSON is parsed here). */
const TEXT_TYPES = /^(application\/json|application\/(x-)?yaml|text\/(x-)?yaml|text\/plain)(;.*)?$/;

/** A JSON body read from its text: 400 when it is not JSON. */
function jsonBody(request: FastifyRequest): unknown {
  if (typeof request.body !== 'string' || !request.body.trim())
    throw new AppError('invalid_input', { message: 'Send the request as JSON.' });
  try {
    return JSON.parse(request.body);
  } catch {
    throw new AppError('invalid_input', { message: 'The request is not valid JSON.' });
  }
}

/** Errors of these routes: a refused file or change with every problem, an oversized body, the rest as usual. */
function sendEditionsError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof EditionFileRefused)
    return reply.code(400).send({
      code: 'invalid_input',
      message: error.message.replace('imported', 'changed'),
      problems: error.problems,
      total: error.total,
    });
  const status = (error as { statusCode?: number }).statusCode;
  if (status === 413)
    return sendError(
      new AppError('file_too_large', {
        message: `The request is larger than ${MAPPING_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      }),
      request,
      reply,
    );
  if (status === 415)
    return sendError(
      new AppError('unsupported_file_type', {
        message: 'Send JSON, or a mapping file as JSON or YAML text.',
      }),
      request,
      reply,
    );
  return sendError(error as Error, request, reply);
}

/** Bearer token, no caching, bodies as text (at most MAPPING_FILE_MAX_BYTES), the errors above. */
const common: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    TEXT_TYPES,
    { parseAs: 'string', bodyLimit: MAPPING_FILE_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler(sendEditionsError);
};

/**
 * /api/admin/editions/mappings: the mappings between editions (docs/editions/README.md,
 * "Mappings"). Provider admins, re-read on every request.
 */
export const mappingRoutes: FastifyPluginAsync = async (app) => {
  await common(app, {});
  app.get('/', async (request) => ({ mappings: await listMappings(app, request.user.id) }));
  app.post('/', async (request, reply) =>
    reply.code(201).send(await createMapping(app, request.user.id, ZNewMapping.parse(jsonBody(request)))),
  );
  app.post('/import', async (request, reply) => {
    if (typeof request.body !== 'string' || !request.body.trim())
      throw new AppError('invalid_input', { message: 'Choose a mapping file (JSON or YAML) to import.' });
    return reply.code(201).send(await importMapping(app, request.user.id, request.body));
  });
  app.get('/:id', async (request) => {
    await requireActiveProviderAdmin(app.db, request.user.id, MAPPINGS_REFUSED);
    return mappingView(app.db, ZIdParams.parse(request.params).id);
  });
  app.patch('/:id', async (request) =>
    changeMapping(
      app,
      request.user.id,
      ZIdParams.parse(request.params).id,
      ZMappingChange.parse(jsonBody(request)),
    ),
  );
  app.get('/:id/export', async (request, reply) => {
    const { id } = ZIdParams.parse(request.params);
    const { format } = ZExportQuery.parse(request.query);
    return sendAttachment(reply, await exportMapping(app, request.user.id, id, format));
  });
};

/**
 * /api/admin/editions/moves: moving assessments to a newer edition (docs/decisions/editions.md,
 * "Moving a practice"). Provider admins and QAMs, re-read on every request.
 */
export const moveRoutes: FastifyPluginAsync = async (app) => {
  await common(app, {});
  app.get('/', async (request) => ({
    moves: await listMoves(app, request.user.id, ZMovesQuery.parse(request.query)),
  }));
  app.get('/choices', async (request) =>
    moveChoices(app, request.user.id, ZChoicesQuery.parse(request.query).mappingId),
  );
  app.post('/dry-run', async (request) => ({
    assessments: await dryRunMove(app, request.user.id, ZMoveRequest.parse(jsonBody(request))),
  }));
  app.post('/', async (request) =>
    moveAssessments(app, request.user.id, ZMoveRequest.parse(jsonBody(request))),
  );
  app.post('/:id/undo', async (request) =>
    undoMove(app, request.user.id, ZIdParams.parse(request.params).id),
  );
};
