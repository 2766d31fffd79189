import * as v from 'valibot';

/** GET /api/config: what the actions service tells every browser before anyone signs in. */
const ZPublicConfigSchema = v.object({
  maxFileSizeMb: v.pipe(v.number(), v.gtValue(0)),
  /** The bulk tools switch of the assessment screen (Auto complete, Auto clear, Reopen); off when absent. */
  bulkTools: v.optional(v.boolean(), false),
  /** Single sign-on for provider staff: the words after "Sign in with"; absent when it is off. */
  singleSignOn: v.optional(v.object({ label: v.string() })),
});
export type TPublicConfig = v.InferOutput<typeof ZPublicConfigSchema>;

/** A slow answer must not hold an upload up for long: the server checks again anyway. */
export const PUBLIC_CONFIG_TIMEOUT_MS = 5_000;

export interface PublicConfig {
  /**
   * The service's public settings, asked for once and then kept; null when the request failed or
   * answered something else (callers then use their defaults; a later call asks again).
   */
  load(): Promise<TPublicConfig | null>;
}

/**
 * The public settings of the actions service at `apiUrl`, fetched lazily on the first `load`. A
 * caller waits at most `PUBLIC_CONFIG_TIMEOUT_MS`; the request itself goes on, and a later `load`
 * joins it rather than asking again (a slow server is not asked twice). Only a failed answer is
 * asked again.
 */
export function createPublicConfig(apiUrl: string, timeoutMs = PUBLIC_CONFIG_TIMEOUT_MS): PublicConfig {
  let answer: TPublicConfig | null = null;
  let inFlight: Promise<TPublicConfig | null> | null = null;
  const ask = async (): Promise<TPublicConfig | null> => {
    try {
      // No credentials: the answer is the same for everyone and may be cached as such.
      const response = await fetch(`${apiUrl}/config`, { credentials: 'omit' });
      if (!response.ok) return null;
      const parsed = v.safeParse(ZPublicConfigSchema, await response.json());
      return parsed.success ? parsed.output : null;
    } catch {
      return null;
    }
  };
  return {
    load() {
      if (answer) return Promise.resolve(answer);
      inFlight ??= ask().then((config) => {
        answer = config;
        inFlight = null;
        return config;
      });
      // A timer rather than a signal: fetch implementations differ on signals.
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs);
      });
      return Promise.race([inFlight, late]).finally(() => clearTimeout(timer));
    },
  };
}
