import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors/app-error.ts';
import { sendError } from '../../plugins/app/error-handler.ts';
import { EditionFileRefused } from '../../services/editions/editions.ts';

/** The types a file's text comes as: read as text whatever its type says (its lines need the text). */
export const FILE_TEXT_TYPES =
  /^(application\/json|application\/(x-)?yaml|text\/(x-)?yaml|text\/plain)(;.*)?$/;

/** Every admin editions route: a bearer token, and nothing of the answer kept by a cache. */
export function adminRouteHooks(app: FastifyInstance): void {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
}

/**
 * The routes that take a file or a change to one: bodies as text (and an .xlsx workbook as bytes
 * when `workbook` names its type), at most `limit` bytes; a refused file or change answers 400
 * with every problem, too large and an unknown type in `words`.
 */
export function fileRouteSetup(
  app: FastifyInstance,
  options: {
    limit: number;
    workbook?: string;
    words: { tooLarge: string; unsupported: string };
  },
): void {
  adminRouteHooks(app);
  app.removeAllContentTypeParsers();
  if (options.workbook)
    app.addContentTypeParser(
      options.workbook,
      { parseAs: 'buffer', bodyLimit: options.limit },
      (_request, body, done) => done(null, body),
    );
  app.addContentTypeParser(
    FILE_TEXT_TYPES,
    { parseAs: 'string', bodyLimit: options.limit },
    (_request, body, done) => done(null, body),
  );
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof EditionFileRefused)
      return reply.code(400).send({
        code: 'invalid_input',
        message: error.message,
        problems: error.problems,
        total: error.total,
      });
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413)
      return sendError(new AppError('file_too_large', { message: options.words.tooLarge }), request, reply);
    if (status === 415)
      return sendError(
        new AppError('unsupported_file_type', { message: options.words.unsupported }),
        request,
        reply,
      );
    return sendError(error as Error, request, reply);
  });
}
