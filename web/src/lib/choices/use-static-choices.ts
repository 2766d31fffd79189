import type { TStaticChoices } from '@portal/domain';
import { useEffect, useState } from 'react';
import { createStaticChoices, type StaticChoices } from '../api/static-choices.ts';
import { type PortalServices, useServices } from '../services.tsx';

/**
 * The choice lists of a set of services (one per app; a test's app has its own). Made on first
 * use, outside the entry's services, so the first screen does not carry them (they are loaded
 * when signed in).
 */
const byServices = new WeakMap<PortalServices, StaticChoices>();
export function staticChoicesOf(services: PortalServices): StaticChoices {
  let choices = byServices.get(services);
  if (!choices) {
    choices = createStaticChoices(services.apiUrl, services.authorisedFetch, services.log);
    byServices.set(services, choices);
  }
  return choices;
}

/**
 * The choice lists (spec 000 §3) once loaded: what is already known at once, then the answer of
 * a load (which asks the server again when the lists are over a minute old). Null until then, or
 * when they cannot be had: callers fall back to their built-in labels.
 */
export function useStaticChoices(): TStaticChoices | null {
  const staticChoices = staticChoicesOf(useServices());
  const [choices, setChoices] = useState<TStaticChoices | null>(() => staticChoices.current());
  useEffect(() => {
    let live = true;
    void staticChoices.load().then((loaded) => {
      if (live && loaded) setChoices(loaded);
    });
    return () => {
      live = false;
    };
  }, [staticChoices]);
  return choices;
}
