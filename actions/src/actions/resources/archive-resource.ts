import { z } from 'zod';
import { callerOf } from '../../services/practices/practice-access.ts';
import { archiveResource as run } from '../../services/resources/archive-resource.ts';
import { defineAction } from '../define-action.ts';

/** `archiveResource`: validates the input and calls the operation (`services/resources/archive-resource.ts`). */
export const archiveResource = defineAction({
  name: 'archiveResource',
  input: z.object({ resourceId: z.number().int().positive(), archived: z.boolean() }),
  handle: ({ app, session, input }) => run(app, callerOf(session), input),
});
