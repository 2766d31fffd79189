import type { ActionHandler } from './define-action.ts';
import { ping } from './ping.ts';
import { userPermissions } from './user-permissions.ts';

/** Every action the service answers, by name (the name in hasura/metadata/actions.graphql). */
export const ACTION_HANDLERS: ReadonlyMap<string, ActionHandler> = new Map(
  [ping, userPermissions].map((handler) => [handler.name, handler as unknown as ActionHandler]),
);
