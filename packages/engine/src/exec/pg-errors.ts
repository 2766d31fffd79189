import { HasuraError } from '../errors.ts';

interface PgError {
  code?: string;
  message: string;
  detail?: string;
  hint?: string;
  constraint?: string;
}

const CONSTRAINT_PREFIX: Record<string, string> = {
  '23505': 'Uniqueness violation. ',
  '23503': 'Foreign key violation. ',
  '23502': 'Not-NULL violation. ',
  '23P01': 'Exclusion violation. ',
  '23001': 'Can not delete or update due to data being referred. ',
};

/** The message of every error that means the database cannot be reached (answered with 503). */
export const DATABASE_UNAVAILABLE = 'connection error: the database is not reachable; try again in a moment';

/** A SQLSTATE; node's own errors (ECONNREFUSED, ECONNRESET, ...) have other codes. */
const SQLSTATE = /^[0-9A-Z]{5}$/;

/**
 * Whether an error means the connection to the database failed or was lost: a connection-class
 * SQLSTATE (08, 57P01-57P03), a socket error of node (ECONNREFUSED, ECONNRESET, ...), or one of
 * node-postgres's own messages for a dead or unobtainable connection.
 */
export function isConnectionLoss(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  const code = typeof e?.code === 'string' ? e.code : '';
  if (SQLSTATE.test(code)) return code.startsWith('08') || code.startsWith('57P');
  if (/^E[A-Z]+$/.test(code)) return true;
  return /connection error|Connection terminated|timeout exceeded when trying to connect|not queryable/i.test(
    String(e?.message ?? ''),
  );
}

/** Maps a PostgreSQL error to Hasura's code and message (HASURA-DIALECT §6.3). */
export function mapPgError(error: unknown, statement?: string): HasuraError {
  if (error instanceof HasuraError) return error;
  const e = error as PgError;
  const internal = {
    statement,
    prepared: false,
    error: {
      exec_status: 'FatalError',
      hint: e.hint ?? null,
      message: e.message,
      status_code: e.code ?? null,
      description: e.detail ?? null,
    },
  };
  const code = e.code;
  if (isConnectionLoss(error)) return new HasuraError('postgres-error', DATABASE_UNAVAILABLE, '$', internal);
  if (!code || !SQLSTATE.test(code))
    return new HasuraError('unexpected', 'database query error', '$', internal);
  if (CONSTRAINT_PREFIX[code])
    return new HasuraError('constraint-violation', `${CONSTRAINT_PREFIX[code]}${e.message}`, '$', internal);
  if (code === '23514')
    return new HasuraError('permission-error', `Check constraint violation. ${e.message}`, '$', internal);
  if (code === '22025') return new HasuraError('bad-request', e.message, '$', internal);
  if (code.startsWith('22')) return new HasuraError('data-exception', e.message, '$', internal);
  if (code === '40001') return new HasuraError('concurrent-update', e.message, '$', internal);
  if (code === '42P10') return new HasuraError('constraint-error', e.message, '$', internal);
  if (code === '53300')
    return new HasuraError(
      'postgres-max-connections-error',
      'max connections reached on postgres',
      '$',
      internal,
    );
  if (code === '57014' && /statement timeout/.test(e.message))
    return new HasuraError(
      'time-limit-exceeded',
      'the operation took longer than its time limit and was cancelled',
      '$',
      internal,
    );
  return new HasuraError('unexpected', 'database query error', '$', internal);
}
