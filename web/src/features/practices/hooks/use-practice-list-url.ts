import { type PracticeListQuery, parsePracticeListQuery, practiceListSearchParams } from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The practice list's state lives in the URL (search, the six filter flags, state, network,
 * page), so a filtered list can be bookmarked, shared and restored with Back. Any change of
 * criteria returns to the first page.
 */
export function usePracticeListUrl() {
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parsePracticeListQuery(params), [params]);
  const update = useCallback(
    (change: Partial<PracticeListQuery>, options: { replace?: boolean } = {}) => {
      setParams(
        (current) => {
          const previous = parsePracticeListQuery(current);
          const next = { ...previous, ...change };
          if (!('page' in change)) next.page = 1;
          return practiceListSearchParams(next);
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { query, update };
}
