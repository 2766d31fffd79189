import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@portal/domain';
import * as v from '../lib/api/answer-schema.ts';

// Empty variables take the default, like the stack's own configuration; a value given is trimmed
// and must be at least `min` characters long. (The entry's small validator, not zod: see
// docs/decisions/web-app.md, "The first load".)
const optional = (min: number, fallback: string) =>
  v.custom<string>((value, path, issues) => {
    const given = value === undefined || value === '' ? fallback : value;
    if (typeof given !== 'string') return v.invalid(given, path, issues, 'expected a string');
    const trimmed = given.trim();
    return trimmed.length >= min ? trimmed : v.invalid(trimmed, path, issues, `at least ${min} characters`);
  });

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
export type TEnv = v.Infer<typeof ZEnvSchema>;

/** Parses the build-time environment, failing with every problem at once. */
export function parseEnv(source: Record<string, unknown>): TEnv {
  const result = ZEnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid web app environment:\n${problems.join('\n')}`);
  }
  return result.data;
}

/** The environment, read once at start. */
export const env: TEnv = parseEnv(import.meta.env);
