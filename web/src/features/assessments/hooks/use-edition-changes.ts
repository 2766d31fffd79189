import type { TEditionChanges } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { getEditionChanges } from '../api/get-edition-changes.ts';

/**
 * The practice's "What changes for us", read on mount and again on `reload` (when the view opens,
 * so its counts of flags left are today's); `failed` when it could not be had.
 */
export function useEditionChanges(practiceId: number) {
  const services = useServices();
  const [data, setData] = useState<TEditionChanges | null>(null);
  const [failed, setFailed] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the services are the app's one set.
  const reload = useCallback(async () => {
    try {
      setData(await getEditionChanges(services, practiceId));
      setFailed(false);
    } catch (error) {
      console.error('What changes for us could not be loaded', error);
      setFailed(true);
    }
  }, [practiceId]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, failed, reload };
}
