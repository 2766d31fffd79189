import { ZConsoleExplainSessionSchema } from '@portal/domain';

/** A row of the Explain view's session variables. */
export interface TSessionRow {
  key: number;
  name: string;
  value: string;
}

/**
 * The Explain form's inputs checked before they are sent: a query, variables that are a JSON
 * object (or none), and the session (the role and the rows filled in: rows left empty are not
 * sent; the rest are checked by the rule the endpoint applies). The first problem is the answer.
 */
export function explainRequest(input: {
  query: string;
  variables: string;
  role: string;
  rows: readonly TSessionRow[];
}):
  | { ok: true; variables: Record<string, unknown> | undefined; user: Record<string, string> }
  | { ok: false; message: string } {
  if (!input.query.trim()) return { ok: false, message: 'Type a query to explain.' };
  let parsedVariables: Record<string, unknown> | undefined;
  if (input.variables.trim()) {
    try {
      const value = JSON.parse(input.variables) as unknown;
      if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
      parsedVariables = value as Record<string, unknown>;
    } catch {
      return { ok: false, message: 'Variables are a JSON object, e.g. {"id": 1}.' };
    }
  }
  const filled = input.rows.filter((row) => row.name.trim() || row.value.trim());
  const session = ZConsoleExplainSessionSchema.safeParse({
    'x-hasura-role': input.role,
    ...Object.fromEntries(filled.map((row) => [row.name, row.value])),
  });
  if (!session.success) return { ok: false, message: session.error.issues[0]!.message };
  return { ok: true, variables: parsedVariables, user: session.data };
}
