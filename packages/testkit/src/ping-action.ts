import { defineAction } from '@portal/actions/define-action';
import { sql } from '@portal/actions/sql';
import { z } from 'zod';
import type { TestAction } from './test-actions.ts';

/**
 * A trivial action for checking the wiring (engine → actions service → database): echoes its
 * input and the caller. Test-only: production metadata does not declare it; a test registers it
 * with `createTestContext({}, { actions: [pingAction] })` or `startTestStack({ actions: [pingAction] })`.
 */
export const pingAction: TestAction = {
  handler: defineAction({
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
  }),
  query: {
    field: `"""
  Checks the wiring from the engine to the actions service: echoes the message and the caller.
  """
  ping(message: String): PingOutput!`,
    types: `type PingOutput {
  message: String!
  userId: String
  role: String
  at: String!
}`,
    outputTypes: ['PingOutput'],
    yaml: `  - name: ping
    definition:
      kind: ""
      type: query
      handler: "{{ACTIONS_BASE_URL}}/actions/ping"
      headers:
        - name: x-actions-secret
          value_from_env: ACTIONS_SECRET
      timeout: 10
    permissions:
      - role: user
      - role: qam
      - role: provider_admin
    comment: Checks the wiring from the engine to the actions service.
`,
  },
};
