import { useDebouncedValue } from '@mantine/hooks';
import { CONFLICT_SEARCH_MIN } from '@portal/domain';
import { useState } from 'react';
import { useQuery } from 'urql';
import { SearchConflictSubjectsQuery } from '../api/search-conflict-subjects.ts';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * The practices and networks a conflict may name, found by name (from CONFLICT_SEARCH_MIN
 * letters, debounced) and the one chosen (`PRACTICE:<id>` or `NETWORK:<id>`), which stays listed
 * while the search text changes.
 */
export function useConflictSubjects() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [subject, setSubject] = useState<string | null>(null);
  const [{ data, fetching: searching }] = useQuery({
    query: SearchConflictSubjectsQuery,
    variables: { search: debounced },
    pause: debounced.length < CONFLICT_SEARCH_MIN,
  });
  const found = debounced.length < CONFLICT_SEARCH_MIN ? [] : (data?.searchConflictSubjects ?? []);
  const options = found.map((s) => ({
    value: `${s.kind}:${s.id}`,
    label: s.kind === 'NETWORK' ? `${s.name} (network)` : s.suburb ? `${s.name}, ${s.suburb}` : s.name,
  }));
  const [chosen, setChosen] = useState<{ value: string; label: string } | null>(null);
  const listed = chosen && !options.some((o) => o.value === chosen.value) ? [chosen, ...options] : options;

  const choose = (value: string) => {
    setSubject(value);
    const option = listed.find((o) => o.value === value);
    setChosen(option ?? null);
  };
  const clear = () => {
    setSubject(null);
    setChosen(null);
    setSearch('');
  };
  /** What the list says while it is empty. */
  const emptyText =
    debounced.length < CONFLICT_SEARCH_MIN
      ? 'Search above, then choose one.'
      : searching
        ? 'Searching…'
        : 'Nothing found.';

  return { search, setSearch, subject, listed, choose, clear, emptyText };
}
export type TConflictSubjects = ReturnType<typeof useConflictSubjects>;
