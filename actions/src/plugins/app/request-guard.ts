import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.ts';

/**
 * The largest request body any JSON route takes: 64 KiB. The biggest legitimate ones (a practice
 * form, a staff row, a Hasura action payload with its query text) are a few kB; uploads go
 * straight to S3, and the avatar route takes its own limit (AVATAR_MAX_BYTES).
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Characters no text field may hold: C0 controls except TAB, LF and CR (multi-line texts such as
 * comments and reasons legitimately hold those), DEL, and the C1 controls. NUL is the one that
 * hurt (PostgreSQL refuses it in text: a 500); the others have no business in a name or a message
 * and can hide text in logs, CSV and e-mails.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const CONTROL_CHARACTER_MESSAGE = 'Remove the control characters (such as NUL) from this field.';

/** The path of the first string (or key) holding a control character, or null. */
export function findControlCharacter(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return CONTROL_CHARACTERS.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return null;
  for (const [key, item] of Object.entries(value)) {
    if (CONTROL_CHARACTERS.test(key)) return [...path, key];
    const found = findControlCharacter(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * One gate for every route (REST and the Hasura action route): no control characters in any
 * text of the body, the query or the path parameters. Runs before any handler, so a refused
 * request changes nothing.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const [where, value] of [
        ['body', request.body],
        ['query', request.query],
        ['params', request.params],
      ] as const) {
        const path = findControlCharacter(value);
        if (!path) continue;
        // Action payloads carry the fields under `input`: name the field as the form knows it.
        const field = (path[0] === 'input' ? path.slice(1) : path).join('.') || where;
        throw new AppError('invalid_input', {
          message: 'The request contains control characters (such as NUL), which no field may hold.',
          fields: { [field]: CONTROL_CHARACTER_MESSAGE },
        });
      }
    });
  },
  { name: 'request-guard' },
);
