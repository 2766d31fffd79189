import { API_PREFIX } from '../routes/paths.ts';

/**
 * Client logging (spec 000 §7 `POST /utils/log/`, body severity and data): what the app only
 * logs (spec 000 §8, 001, 002 "only logged") is sent to the server and kept where a provider
 * admin reads it (table `client_logs`, the admin console). docs/decisions/accounts-and-sessions.md
 */

/** Where the app sends its log entries, under the actions service's API (`/api`). */
export const CLIENT_LOG_API_PATH = '/utils/log';
export const CLIENT_LOG_PATH = `${API_PREFIX}${CLIENT_LOG_API_PATH}`;

/** The severities an entry may have, least severe first. */
export const CLIENT_LOG_SEVERITIES = ['debug', 'info', 'warning', 'error'] as const;
export type TClientLogSeverity = (typeof CLIENT_LOG_SEVERITIES)[number];

/** The most an entry's data may weigh, as JSON in UTF-8. */
export const CLIENT_LOG_MAX_DATA_BYTES = 4096;
/** The most entries one signed-in user may send a minute (more answer 429 and are not kept). */
export const CLIENT_LOG_PER_MINUTE = 30;
