import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@portal/domain';
import * as v from 'valibot';

// Empty variables take the default, like the stack's own configuration; a value given is trimmed
// and must be at least `min` characters long. (valibot, not zod, in the entry: see
// docs/decisions/web-app.md, "The first load".)
const optional = (min: number, fallback: string) =>
  v.pipe(
    v.optional(v.string(), fallback),
    v.transform((given) => (given === '' ? fallback : given)),
    v.trim(),
    v.minLength(min, `at least ${min} characters`),
  );

const ZEnvSchema = v.object({
  /** Help phone number shown in the footer and in assistance text. */
  VITE_HELP_PHONE: optional(1, SUPPORT_PHONE),
  /** Support e-mail shown in the footer and in assistance text. */
  VITE_SUPPORT_EMAIL: optional(3, SUPPORT_EMAIL),
  /** Base of the actions service's REST API. */
  VITE_API_URL: optional(1, '/api'),
  /** GraphQL endpoint, over HTTP and WebSocket. */
  VITE_GRAPHQL_URL: optional(1, '/v1/graphql'),
  /** Origin of the backend pages (admin area, survey offers); empty means this origin. */
  VITE_BACKEND_URL: optional(0, ''),
  /** Path of the backend admin area (spec 002 §2: default admin-mnqa/). */
  VITE_ADMIN_PATH: optional(1, '/admin-mnqa/'),
});
export type TEnv = v.InferOutput<typeof ZEnvSchema>;

/** Parses the build-time environment, failing with every problem at once. */
export function parseEnv(source: Record<string, unknown>): TEnv {
  const result = v.safeParse(ZEnvSchema, source);
  if (!result.success) {
    const problems = result.issues.map((issue) => `${v.getDotPath(issue)}: ${issue.message}`);
    throw new Error(`Invalid web app environment:\n${problems.join('\n')}`);
  }
  return result.output;
}

/** The environment, read once at start. */
export const env: TEnv = parseEnv(import.meta.env);
