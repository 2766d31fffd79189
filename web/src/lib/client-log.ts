import { CLIENT_LOG_API_PATH, CLIENT_LOG_MAX_DATA_BYTES, type TClientLogSeverity } from '@portal/domain';

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * Logs what the app only logs (spec 000 §8, 001, 002 "only logged": a permission load that failed,
 * a staff document missing, the choice lists not loaded, a summary or lock call that failed): to
 * the console, and to the server (spec 000 §7 `POST /utils/log/`, body severity and data), where
 * a provider admin reads it. Never throws, and a failure to send is only written to the console
 * (sending it would fail the same way).
 */
export type ClientLog = (severity: TClientLogSeverity, message: string, details?: unknown) => void;

/** Room left for the message and the route within CLIENT_LOG_MAX_DATA_BYTES. */
const DETAILS_MAX_CHARACTERS = Math.floor(CLIENT_LOG_MAX_DATA_BYTES / 4) - 200;

/**
 * The details as JSON: each Error as its name and message (its stack stays in the console), and
 * cut short when too large for the server to keep.
 */
function jsonOf(details: unknown): unknown {
  let text: string;
  try {
    text =
      JSON.stringify(details ?? null, (_key, value: unknown) =>
        value instanceof Error ? { name: value.name, message: value.message } : value,
      ) ?? 'null';
  } catch {
    text = JSON.stringify(String(details));
  }
  return text.length > DETAILS_MAX_CHARACTERS
    ? { cut: text.slice(0, DETAILS_MAX_CHARACTERS) }
    : JSON.parse(text);
}

export function createClientLog(apiUrl: string, authorisedFetch: FetchLike): ClientLog {
  return (severity, message, details) => {
    const write = severity === 'error' ? console.error : console.warn;
    write(message, details);
    const data = { message, details: jsonOf(details), route: window.location.pathname };
    void authorisedFetch(`${apiUrl}${CLIENT_LOG_API_PATH}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ severity, data }),
      keepalive: true,
    })
      .then((response) => {
        if (!response.ok) console.warn(`The log entry was not kept (${response.status})`);
      })
      .catch((error: unknown) => console.warn('The log entry was not sent', error));
  };
}
