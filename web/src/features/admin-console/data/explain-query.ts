import type { TConsoleExplainField } from '@portal/domain';
import { type ConsoleFetch, postConsoleJson, refusalMessage } from './console-request.ts';

export type ExplainOutcome = { ok: true; fields: TConsoleExplainField[] } | { ok: false; message: string };

function isExplainField(value: unknown): value is TConsoleExplainField {
  if (!value || typeof value !== 'object') return false;
  const field = value as Record<string, unknown>;
  return (
    typeof field.field === 'string' &&
    (field.sql === null || typeof field.sql === 'string') &&
    (field.plan === null ||
      (Array.isArray(field.plan) && field.plan.every((line) => typeof line === 'string')))
  );
}

/**
 * The Explain view's one request: POST /api/admin-console/explain in Hasura's explain shape
 * (`{query: {query, variables?}, user: {x-hasura-role, …}}`); the engine's answer is one
 * `{field, sql, plan}` per root field, or a refusal in words.
 */
export async function explainQuery(
  fetch: ConsoleFetch,
  endpoint: string,
  request: { query: string; variables?: Record<string, unknown>; user: Record<string, string> },
): Promise<ExplainOutcome> {
  const answer = await postConsoleJson(fetch, endpoint, {
    query: { query: request.query, variables: request.variables },
    user: request.user,
  });
  if (answer.status === 200 && Array.isArray(answer.body) && answer.body.every(isExplainField))
    return { ok: true, fields: answer.body };
  return { ok: false, message: refusalMessage(answer.status, answer.body) };
}
