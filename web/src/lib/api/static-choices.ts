import { STATIC_CHOICES_API_PATH, type TStaticChoices, ZStaticChoicesSchema } from '@portal/domain';
import type { ClientLog } from '../client-log.ts';

type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** How long loaded lists are used before they are asked for again (a label the admin changed). */
export const STATIC_CHOICES_TTL_MS = 60_000;

export interface StaticChoices {
  /**
   * The choice lists (spec 000 §3, GET static.choices/), asked for when first needed and then
   * kept for STATIC_CHOICES_TTL_MS; null when they could not be had (spec 000 §8: "Static
   * choices failure: logged only, no user message"; callers show their built-in labels).
   */
  load(): Promise<TStaticChoices | null>;
  /** What the last load gave, without asking (null before it, or after a failure). */
  current(): TStaticChoices | null;
}

export function createStaticChoices(
  apiUrl: string,
  authorisedFetch: FetchLike,
  log: ClientLog,
): StaticChoices {
  let loaded: { at: number; choices: TStaticChoices } | null = null;
  let pending: Promise<TStaticChoices | null> | null = null;
  const ask = async (): Promise<TStaticChoices | null> => {
    try {
      const response = await authorisedFetch(`${apiUrl}${STATIC_CHOICES_API_PATH}`);
      if (!response.ok) {
        // Signed out is not a failure: the lists are for signed-in users.
        if (response.status !== 401)
          log('warning', 'The choice lists were not loaded', { status: response.status });
        return null;
      }
      const parsed = ZStaticChoicesSchema.safeParse(await response.json());
      if (!parsed.success) {
        log('warning', 'The choice lists were not understood', parsed.error.issues.slice(0, 3));
        return null;
      }
      loaded = { at: Date.now(), choices: parsed.data };
      return parsed.data;
    } catch (error) {
      log('warning', 'The choice lists were not loaded', error);
      return null;
    }
  };
  return {
    load() {
      if (loaded && Date.now() - loaded.at < STATIC_CHOICES_TTL_MS) return Promise.resolve(loaded.choices);
      pending ??= ask().finally(() => {
        pending = null;
      });
      return pending;
    },
    current: () => loaded?.choices ?? null,
  };
}
