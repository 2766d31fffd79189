import { z } from 'zod';
import { sql } from '../db/sql.ts';
import { defineAction } from './define-action.ts';

/** A trivial action for checking the wiring: echoes its input and the caller, and touches the database. */
export const ping = defineAction({
  name: 'ping',
  input: z.object({ message: z.string().max(200).default('ping') }),
  async handle({ app, session, input }) {
    const { now } = await app.db.one<{ now: Date }>(sql`select now() as now`);
    return {
      message: input.message,
      userId: session['x-hasura-user-id'] ?? null,
      role: session['x-hasura-role'] ?? null,
      at: now.toISOString(),
    };
  },
});
