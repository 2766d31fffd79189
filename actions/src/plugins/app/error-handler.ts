import { fieldErrors } from '@portal/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../../db/database-unavailable.ts';
import { AppError } from '../../errors/app-error.ts';

/** How long a client should wait before trying again after a 503 (seconds). */
export const RETRY_AFTER_SECONDS = 5;

/** Turns any thrown value into the AppError answered to the client. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return new AppError('invalid_input', { fields: fieldErrors(error) });
  if (isDatabaseUnavailable(error)) return new AppError('service_unavailable', { cause: error });
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status === 413) return new AppError('payload_too_large', { cause: error });
  if (
    fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && status === 400)
  ) {
    return new AppError('invalid_input', { message: 'The request body is not valid JSON.', cause: error });
  }
  if (status === 429) return new AppError('rate_limited', { cause: error });
  if (status === 415)
    return new AppError('unsupported_file_type', { message: 'Unsupported content type.', cause: error });
  // Fastify's own client errors (malformed JSON, empty body, …): the message is safe to show.
  if (status >= 400 && status < 500) {
    return new AppError('invalid_input', {
      message: fastifyError.message ?? 'Invalid request.',
      cause: error,
    });
  }
  return new AppError('internal', { cause: error });
}

/** Logs (5xx in full, the rest briefly) and answers `{code, message, fields?}`. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const appError = toAppError(error);
  if (appError.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: appError.code, statusCode: appError.statusCode }, appError.message);
  if (appError.code === 'service_unavailable') reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.code(appError.statusCode).send(appError.toJSON());
}

/**
 * One error handler for the app: AppError → its status and body; zod → 400 with per-field
 * messages; anything else → logged, and a generic 500 that never leaks the cause.
 */
export default fp(
  async (app) => {
    app.setErrorHandler(sendError);
    app.setNotFoundHandler((_request, reply) =>
      reply.code(404).send(new AppError('not_found', { message: 'There is nothing here.' }).toJSON()),
    );
  },
  { name: 'error-handler' },
);
