/** Hasura's error codes (extensions.code). */
export type ErrorCode =
  | 'validation-failed'
  | 'parse-failed'
  | 'invalid-json'
  | 'constraint-violation'
  | 'permission-error'
  | 'data-exception'
  | 'bad-request'
  | 'constraint-error'
  | 'concurrent-update'
  | 'not-found'
  | 'access-denied'
  | 'invalid-jwt'
  | 'jwt-invalid-claims'
  | 'jwt-missing-role-claims'
  | 'invalid-headers'
  | 'not-supported'
  | 'unexpected-payload'
  | 'unexpected'
  | 'postgres-error'
  | 'postgres-max-connections-error'
  | (string & {});

/** The one error type of the engine: becomes `{message, extensions: {path, code}}` on the wire. */
export class HasuraError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly path = '$',
    /** Admin-only details (SQL, Postgres error). */
    readonly internal?: unknown,
    /** Replaces `extensions` entirely (action handler errors). */
    readonly extensions?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HasuraError';
  }

  /** Wire form; `internal` only when the caller may see it. */
  toJSON(includeInternal = false): { message: string; extensions: Record<string, unknown> } {
    if (this.extensions) return { message: this.message, extensions: this.extensions };
    const extensions: Record<string, unknown> = { path: this.path, code: this.code };
    if (includeInternal && this.internal !== undefined) extensions.internal = this.internal;
    return { message: this.message, extensions };
  }
}

/** Shorthand for the most common error. */
export const validationError = (message: string, path = '$') =>
  new HasuraError('validation-failed', message, path);

/** `{"errors": [...]}`, with internal details only for admins. */
export function errorBody(error: unknown, admin: boolean): string {
  // Logged, never answered (not even to the admin): no stack trace or file path (review F6).
  const e = error instanceof HasuraError ? error : new HasuraError('unexpected', 'internal error', '$');
  if (!(error instanceof HasuraError)) console.error('engine: unexpected error', error);
  return JSON.stringify({ errors: [e.toJSON(admin)] });
}

/**
 * aeson's message for a body that is not JSON, as Hasura answers it (`invalid-json`): "Error in $: not
 * enough input" for an empty or cut-short document, "Error in $: Failed reading: not a valid json value
 * at '<the text without white space>'" (its first 100 characters here) when it does not even start
 * like JSON; otherwise the parser's own words.
 */
export function invalidJsonMessage(text: string, error: unknown): string {
  const rest = text.replace(/\s+/g, '');
  if (rest === '' || /end of (JSON )?input/i.test((error as Error)?.message ?? ''))
    return 'Error in $: not enough input';
  if (!/^[[{"\-0-9tfn]/.test(rest))
    return `Error in $: Failed reading: not a valid json value at '${rest.slice(0, 100)}'`;
  return `Error in $: ${(error as Error)?.message ?? String(error)}`;
}
