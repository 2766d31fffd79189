import { MAPPING_FILE_MAX_BYTES } from '@portal/domain';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors/app-error.ts';
import { ROW_ID_MAX, ZRowIdParam } from '../../lib/route-params.ts';
import { sendAttachment } from '../../lib/send-attachment.ts';
import { requireActiveProviderAdmin } from '../../services/admin-users/admin-caller.ts';
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
import { fileRouteSetup } from './admin-route-setup.ts';

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

/** Bearer token, no caching, bodies as text (at most MAPPING_FILE_MAX_BYTES), a refusal with every problem. */
const common: FastifyPluginAsync = async (app) => {
  fileRouteSetup(app, {
    limit: MAPPING_FILE_MAX_BYTES,
    words: {
      tooLarge: `The request is larger than ${MAPPING_FILE_MAX_BYTES / 1024 / 1024} MB.`,
      unsupported: 'Send JSON, or a mapping file as JSON or YAML text.',
    },
  });
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
