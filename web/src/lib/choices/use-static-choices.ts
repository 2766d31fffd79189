import type { TStaticChoices } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useServices } from '../services.tsx';

/**
 * The choice lists (spec 000 §3) once loaded: what is already known at once, then the answer of
 * a load (which asks the server again when the lists are over a minute old). Null until then, or
 * when they cannot be had: callers fall back to their built-in labels.
 */
export function useStaticChoices(): TStaticChoices | null {
  const { staticChoices } = useServices();
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
