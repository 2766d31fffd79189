/** The console's fetch: the user's own bearer token, added by the app's authorised fetch. */
export type ConsoleFetch = (url: string, init?: RequestInit) => Promise<Response>;

/** POSTs JSON to one of the console's endpoints; the answer's body as JSON, or null if it is not. */
export async function postConsoleJson(
  fetch: ConsoleFetch,
  url: string,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as unknown };
  } catch {
    return { status: response.status, body: null };
  }
}

/**
 * The words of a refusal, whichever speaks: the actions service (`{code, message}`), the engine's
 * admin API (Hasura's `{path, error, code}`) or GraphQL (`{errors: [{message}]}`).
 */
export function refusalMessage(status: number, body: unknown): string {
  if (body && typeof body === 'object') {
    const answer = body as { message?: unknown; error?: unknown; errors?: unknown };
    if (typeof answer.message === 'string') return answer.message;
    if (typeof answer.error === 'string') return answer.error;
    if (Array.isArray(answer.errors)) {
      const messages = answer.errors
        .map((e) => (e && typeof e === 'object' ? (e as { message?: unknown }).message : null))
        .filter((m): m is string => typeof m === 'string');
      if (messages.length > 0) return messages.join(' ');
    }
  }
  return `The console's server answered ${status} without saying why.`;
}
