import { useDebouncedValue } from '@mantine/hooks';
import {
  PRACTICE_LIST_DEBOUNCE_MS,
  type PracticeListQuery,
  portalToday,
  practiceListVariables,
} from '@portal/domain';
import { useMemo } from 'react';
import { useQuery } from 'urql';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { GetPracticeListQuery } from '../api/get-practice-list.ts';

/** The state options of the State column, from the schema's enum (value and full name). */
export interface TFilterOption {
  value: string;
  label: string;
}

/**
 * Loads one page of the list for the URL's criteria: one GraphQL request for rows, total,
 * networks and states. Changes of criteria and page are debounced (spec 000 §9, 200 ms) so a
 * burst of clicks costs one request.
 */
export function usePracticeList(query: PracticeListQuery) {
  const user = useCurrentUser();
  const today = portalToday();
  const variables = useMemo(() => practiceListVariables(query, user.id, today), [query, today, user.id]);
  const [debounced] = useDebouncedValue(variables, PRACTICE_LIST_DEBOUNCE_MS);
  const [result, reexecute] = useQuery({
    query: GetPracticeListQuery,
    variables: debounced,
    requestPolicy: 'cache-and-network',
  });
  const data = result.data;
  const networks = useMemo(
    () =>
      (data?.networks ?? [])
        .map((row) => row.network?.name)
        .filter((name): name is string => !!name)
        .sort((a, b) => a.localeCompare(b)),
    [data?.networks],
  );
  const states = useMemo<TFilterOption[]>(
    () =>
      (data?.states ?? []).map((state) => ({
        value: state.value,
        label: `${state.value} – ${state.comment}`,
      })),
    [data?.states],
  );
  return {
    practices: data?.practices ?? [],
    total: data?.practices_aggregate.aggregate?.count ?? 0,
    networks,
    states,
    /** True until the first answer, and while the criteria wait for their debounce or answer. */
    loading: !data || result.fetching || debounced !== variables,
    /** Whether the rows shown answer the current criteria (not a previous page or filter). */
    settled: !!data && !result.fetching && !result.stale && debounced === variables,
    error: result.error,
    retry: () => reexecute({ requestPolicy: 'network-only' }),
  };
}
