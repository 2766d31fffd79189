import { useCallback, useEffect, useState } from 'react';
import type { TFactors } from '../../../lib/auth/factors-api.ts';
import { PortalError } from '../../../lib/errors.ts';
import { useServices } from '../../../lib/services.tsx';

/** The signed-in user's second factors (GET /api/user/factors), with a reload after a change. */
export function useFactors() {
  const { api } = useServices();
  const [factors, setFactors] = useState<TFactors | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setFactors(await api.factors.list());
      setError(null);
    } catch (caught) {
      setError(PortalError.from(caught).message);
    }
  }, [api]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { factors, error, reload };
}
