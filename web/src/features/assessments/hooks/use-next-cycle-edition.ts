import type { TNextCycleEdition } from '@portal/domain';
import { useCallback, useEffect, useState } from 'react';
import { useServices } from '../../../lib/services.tsx';
import { chooseNextCycleEdition, getNextCycleEdition } from '../api/next-cycle-edition.ts';

/**
 * The practice's next-cycle edition within a transition window: read on mount; `choose` saves at
 * once and answers the service's message (or throws its refusal). Nothing when the read fails.
 */
export function useNextCycleEdition(practiceId: number) {
  const services = useServices();
  const [data, setData] = useState<TNextCycleEdition | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the services are the app's one set.
  useEffect(() => {
    let live = true;
    getNextCycleEdition(services, practiceId)
      .then((answer) => live && setData(answer))
      .catch((error) => console.error('The next cycle’s edition could not be loaded', error));
    return () => {
      live = false;
    };
  }, [practiceId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the services are the app's one set.
  const choose = useCallback(
    async (editionId: number) => {
      const answer = await chooseNextCycleEdition(services, practiceId, editionId);
      setData(answer);
      return answer.message;
    },
    [practiceId],
  );
  return { data, choose };
}
