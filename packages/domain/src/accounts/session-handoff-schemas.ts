import { z } from 'zod';
import { isSafeReturnRoute } from './session-handoff.ts';

// The actions service's schemas of the hand-off (session-handoff.ts), apart from the rules the web
// app imports: the app's first load then carries no schema library for them (docs/decisions/web-app.md).

/** GET /api/auth/handoff: where in the app to land (the practice list when absent). */
export const ZHandoffStartSchema = z.object({
  url: z
    .string({ error: 'Give the url once, as an app path.' })
    .max(2000, 'The url can be at most 2000 characters.')
    .refine(isSafeReturnRoute, 'The url must be a path of this app.')
    .optional(),
});

/** POST /api/auth/handoff/exchange: the code of the redirect. */
export const ZHandoffExchangeSchema = z.object({
  code: z
    .string({ error: 'The sign-in code is missing.' })
    .trim()
    .min(1, 'The sign-in code is missing.')
    .max(200),
});
export type THandoffExchange = z.infer<typeof ZHandoffExchangeSchema>;
