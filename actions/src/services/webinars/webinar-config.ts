import type { FastifyInstance } from 'fastify';
import type { WebinarConfig } from '../../config/load-config.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Caller } from '../practices/practice-access.ts';

export const WEBINARS_NOT_SET_UP = 'Webinars are not set up on this portal.';

export function requireWebinarConfig(app: Pick<FastifyInstance, 'config'>): WebinarConfig {
  if (!app.config.webinar) throw new AppError('not_found', { message: WEBINARS_NOT_SET_UP });
  return app.config.webinar;
}

/** The session family of the request (`x-hasura-session-id`, set on every signed-in token). */
export function sessionIdOf(session: Record<string, string>): string {
  const id = session['x-hasura-session-id'];
  if (!id) throw new AppError('forbidden');
  return id;
}

export type WebinarCaller = Pick<Caller, 'userId'> & { sessionId: string };
