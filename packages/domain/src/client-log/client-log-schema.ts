import { z } from 'zod';
import { CLIENT_LOG_MAX_DATA_BYTES, CLIENT_LOG_SEVERITIES } from './client-log.ts';

// The actions service's schema of a log entry (client-log.ts), apart from the constants the web
// app imports: the app's first load then carries no schema library for it (docs/decisions/web-app.md).

const TOO_LARGE = `The log entry's data can be at most ${CLIENT_LOG_MAX_DATA_BYTES} bytes.`;

/** POST /api/utils/log: a severity and any JSON data up to CLIENT_LOG_MAX_DATA_BYTES. */
export const ZClientLogSchema = z.strictObject({
  severity: z.enum(CLIENT_LOG_SEVERITIES, { error: 'Choose a severity: debug, info, warning or error.' }),
  data: z
    .json({ error: 'Send the data as JSON.' })
    .refine(
      (data) => new TextEncoder().encode(JSON.stringify(data) ?? '').length <= CLIENT_LOG_MAX_DATA_BYTES,
      TOO_LARGE,
    ),
});
export type TClientLog = z.infer<typeof ZClientLogSchema>;
