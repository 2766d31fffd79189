import { describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, isConnectionLoss, mapPgError } from './pg-errors.ts';

describe('mapPgError: a lost database is a 503, not an internal error', () => {
  const lost = [
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    new Error('Connection terminated unexpectedly'),
    new Error('Client has encountered a connection error and is not queryable'),
    new Error('timeout exceeded when trying to connect'),
    Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    Object.assign(new Error('connection failure'), { code: '08006' }),
  ];

  it.each(lost.map((e) => [e.message, e]))('%s', (_message, error) => {
    expect(isConnectionLoss(error)).toBe(true);
    expect(mapPgError(error).toJSON()).toEqual({
      message: DATABASE_UNAVAILABLE,
      extensions: { path: '$', code: 'postgres-error' },
    });
  });

  it('keeps other errors what they are', () => {
    const unique = Object.assign(new Error('duplicate key value'), { code: '23505' });
    expect(isConnectionLoss(unique)).toBe(false);
    expect(mapPgError(unique).code).toBe('constraint-violation');
    expect(isConnectionLoss(new TypeError('x is undefined'))).toBe(false);
    expect(mapPgError(new Error('something odd')).code).toBe('unexpected');
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(mapPgError(timeout).code).toBe('time-limit-exceeded');
  });
});
