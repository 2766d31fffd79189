import { parseReportFilters, reportFiltersToSearch, type TReportFilters } from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ZodError } from 'zod';

/**
 * The report filters kept in the URL (`?state=…&network=…&qam=…&from=…&to=…`): a filtered report
 * can be bookmarked, shared and reloaded. A URL with a bad value shows the report unfiltered and
 * names what was ignored.
 */
export function useReportFilters(): {
  filters: TReportFilters;
  invalid: string | null;
  setFilters: (next: TReportFilters) => void;
} {
  const [params, setParams] = useSearchParams();
  const { filters, invalid } = useMemo(() => {
    try {
      return { filters: parseReportFilters(params), invalid: null };
    } catch (error) {
      const message =
        error instanceof ZodError ? (error.issues[0]?.message ?? 'Invalid filter.') : 'Invalid filter.';
      return { filters: {}, invalid: message };
    }
  }, [params]);
  const setFilters = useCallback(
    (next: TReportFilters) => setParams(reportFiltersToSearch(next), { replace: false }),
    [setParams],
  );
  return { filters, invalid, setFilters };
}
