import { CONTROL_CHARACTER_MESSAGE, CONTROL_CHARACTERS } from '@portal/domain';
import fp from 'fastify-plugin';
import { AppError } from '../../errors/app-error.ts';

/**
 * The largest request body any JSON route takes: 64 KiB. The biggest legitimate ones (a practice
 * form, a staff row, a Hasura action payload with its query text) are a few kB; uploads go
 * straight to S3, and the avatar route takes its own limit (AVATAR_MAX_BYTES).
 */
export const BODY_LIMIT_BYTES = 64 * 1024;

// Characters no text field may hold (C0 but TAB, LF, CR; DEL; C1): the domain's one definition.
export { CONTROL_CHARACTER_MESSAGE };

/** Deeper than any legitimate body; a 64 KiB body can nest 30,000 arrays. */
export const MAX_BODY_DEPTH = 32;

export class TooDeepError extends Error {}

/**
 * The path of the first string (or key) holding a control character, or null. Walks without
 * recursion and refuses bodies nested deeper than MAX_BODY_DEPTH (TooDeepError), so no body
 * can exhaust the stack.
 */
export function findControlCharacter(value: unknown): string[] | null {
  const pending: Array<{ value: unknown; path: string[] }> = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    if (typeof item === 'string') {
      if (CONTROL_CHARACTERS.test(item)) return path;
      continue;
    }
    if (item === null || typeof item !== 'object' || Buffer.isBuffer(item)) continue;
    if (path.length >= MAX_BODY_DEPTH) throw new TooDeepError();
    const entries = Object.entries(item);
    // Pushed in reverse, so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      if (CONTROL_CHARACTERS.test(key)) return [...path, key];
      pending.push({ value: child, path: [...path, key] });
    }
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
        let path: string[] | null;
        try {
          path = findControlCharacter(value);
        } catch (error) {
          if (!(error instanceof TooDeepError)) throw error;
          throw new AppError('invalid_input', {
            message: `The request is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`,
          });
        }
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
