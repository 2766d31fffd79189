import { z } from 'zod';
import { API_PREFIX } from '../routes/paths.ts';
import { ADMIN_CONSOLE_LIMITS, ADMIN_CONSOLE_ROLE } from './admin-console.ts';

/** The console's Explain: the SQL and plan the engine would run for a query. */
export const ADMIN_CONSOLE_EXPLAIN_PATH = `${API_PREFIX}/admin-console/explain`;

/**
 * The roles the Explain view plans for: the console's own role first (the default),
 * then Hasura's admin and the portal's roles. Planning never runs the query, so any of them may
 * be asked for; running happens only as the console's role.
 */
export const ADMIN_CONSOLE_EXPLAIN_ROLES = [
  ADMIN_CONSOLE_ROLE,
  'admin',
  'user',
  'qam',
  'provider_admin',
] as const;

/** At most this many session variables besides the role, each value at most this long. */
export const ADMIN_CONSOLE_SESSION_LIMITS = { maxVariables: 10, maxValueLength: 200 } as const;

export const SESSION_VARIABLE_NAME_MESSAGE =
  'A session variable is named x-hasura- and then letters, digits or dashes, e.g. x-hasura-user-id.';
export const SESSION_VARIABLE_VALUE_MESSAGE = `A session variable's value is at most ${ADMIN_CONSOLE_SESSION_LIMITS.maxValueLength} characters, without control characters.`;
export const SESSION_VARIABLE_ROLE_MESSAGE = 'Choose the role with "Run as role", not as a session variable.';
export const SESSION_VARIABLES_TOO_MANY_MESSAGE = `At most ${ADMIN_CONSOLE_SESSION_LIMITS.maxVariables} session variables.`;
export const EXPLAIN_ROLE_MESSAGE = `Run as one of the roles: ${ADMIN_CONSOLE_EXPLAIN_ROLES.join(', ')}.`;

/** One session variable's name: Hasura's `x-hasura-*`, case-insensitive (sent in lower case). */
export const ZSessionVariableNameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^x-hasura-[a-z0-9][a-z0-9-]{0,62}$/, SESSION_VARIABLE_NAME_MESSAGE)
  .refine((name) => name !== 'x-hasura-role', SESSION_VARIABLE_ROLE_MESSAGE)
  // Never a secret (Hasura's admin secret header is not a session variable). Spelled without the
  // header's name: no file the browser loads names it (e2e/src/admin-console.test.ts).
  .refine((name) => !name.includes('secret'), SESSION_VARIABLE_NAME_MESSAGE);

export const ZSessionVariableValueSchema = z
  .string()
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  .regex(/^[^\u0000-\u001f\u007f]*$/, SESSION_VARIABLE_VALUE_MESSAGE)
  .max(ADMIN_CONSOLE_SESSION_LIMITS.maxValueLength, SESSION_VARIABLE_VALUE_MESSAGE);

/**
 * The session an Explain plans for, in Hasura's shape (`user` of `/v1/graphql/explain`): the role
 * and the other `x-hasura-*` variables, names in lower case. Asked by the Explain form and by
 * `POST /api/admin-console/explain`.
 */
export const ZConsoleExplainSessionSchema = z
  .record(z.string(), z.unknown())
  .superRefine((value, ctx) => {
    const entries = Object.entries(value).filter(([name]) => name.toLowerCase() !== 'x-hasura-role');
    if (entries.length > ADMIN_CONSOLE_SESSION_LIMITS.maxVariables)
      ctx.addIssue({ code: 'custom', message: SESSION_VARIABLES_TOO_MANY_MESSAGE });
  })
  .transform((value, ctx) => {
    const session: Record<string, string> = {};
    for (const [rawName, rawValue] of Object.entries(value)) {
      if (rawName.toLowerCase() === 'x-hasura-role') {
        const role = ADMIN_CONSOLE_EXPLAIN_ROLES.find((r) => r === rawValue);
        if (!role) ctx.addIssue({ code: 'custom', message: EXPLAIN_ROLE_MESSAGE, path: [rawName] });
        else session['x-hasura-role'] = role;
        continue;
      }
      const name = ZSessionVariableNameSchema.safeParse(rawName);
      const text = ZSessionVariableValueSchema.safeParse(rawValue);
      if (!name.success)
        ctx.addIssue({ code: 'custom', message: name.error.issues[0]!.message, path: [rawName] });
      else if (!text.success)
        ctx.addIssue({ code: 'custom', message: SESSION_VARIABLE_VALUE_MESSAGE, path: [rawName] });
      else session[name.data] = text.data;
    }
    session['x-hasura-role'] ??= ADMIN_CONSOLE_ROLE;
    return session;
  });

/** `POST /api/admin-console/explain`'s body: Hasura's explain request. */
export const ZConsoleExplainSchema = z.strictObject({
  query: z.strictObject({
    query: z.string().min(1).max(ADMIN_CONSOLE_LIMITS.maxBodyBytes),
    variables: z.record(z.string(), z.unknown()).nullish(),
    operationName: z.string().max(200).nullish(),
  }),
  user: ZConsoleExplainSessionSchema.optional().transform(
    (user) => user ?? { 'x-hasura-role': ADMIN_CONSOLE_ROLE },
  ),
});
export type TConsoleExplain = z.infer<typeof ZConsoleExplainSchema>;

/**
 * One root field's plan in the engine's answer (Hasura's explain shape); `sql` and `plan` are null
 * for a field the engine answers itself (`__typename`, introspection).
 */
export interface TConsoleExplainField {
  field: string;
  sql: string | null;
  plan: string[] | null;
}
