import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** What a Hasura action handler gets: the app, the caller's session variables and its input. */
export interface ActionContext<I> {
  app: FastifyInstance;
  /** Hasura session variables, lower-case keys (`x-hasura-user-id`, `x-hasura-role`, …). */
  session: Record<string, string>;
  input: I;
}

/** One Hasura action: its input schema and handler. The handler's result is the action's output. */
export interface ActionHandler<S extends z.ZodType = z.ZodType> {
  name: string;
  input: S;
  handle(context: ActionContext<z.output<S>>): Promise<unknown>;
}

/** Declares a handler with its input type inferred from the schema. */
export function defineAction<S extends z.ZodType>(handler: ActionHandler<S>): ActionHandler<S> {
  return handler;
}
