import { useCallback, useEffect, useState } from 'react';
import { PortalError } from '../errors.ts';
import { type PortalServices, useServices } from '../services.tsx';

/**
 * A REST read of the actions service, made on mount and again on `reload` (after a change the
 * screen made): its answer, or the message of its failure.
 */
export function useRestResource<T>(read: (api: PortalServices['api']) => Promise<T>) {
  const { api } = useServices();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` names what to read; a new closure each render is the same read.
  const reload = useCallback(async () => {
    try {
      setData(await read(api));
      setError(null);
    } catch (caught) {
      setError(PortalError.from(caught).message);
    }
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
