// The practice list's search box, its Clear button and the filter check boxes.
import { Button, Checkbox, CloseButton, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  hasPracticeListCriteria,
  PRACTICE_LIST_FILTERS,
  PRACTICE_LIST_TEXT_MAX_LENGTH,
  PRACTICE_MESSAGES,
  PRACTICE_SEARCH_DEBOUNCE_MS,
  type PracticeListQuery,
  type TPracticeListFilter,
} from '@portal/domain';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from '../../../components/icons.tsx';

type Update = (change: Partial<PracticeListQuery>, options?: { replace?: boolean }) => void;

/** Above the practice table: the search, Clear search and filters (while there are any), the filters. */
export function PracticeListControls({ query, update }: { query: PracticeListQuery; update: Update }) {
  return (
    <Stack gap="sm" p="md">
      <Group justify="space-between" align="center" gap="sm">
        <SearchBox value={query.search} onSearch={(search) => update({ search }, { replace: true })} />
        {hasPracticeListCriteria(query) ? (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => update({ search: '', filters: [], state: null, network: null })}
          >
            Clear search and filters
          </Button>
        ) : null}
      </Group>
      <Group gap="md" role="group" aria-label="Filters">
        {PRACTICE_LIST_FILTERS.map((filter) => (
          <Checkbox
            key={filter.flag}
            label={filter.label}
            size="sm"
            checked={query.filters.includes(filter.flag)}
            onChange={(event) =>
              update({ filters: toggled(query.filters, filter.flag, event.currentTarget.checked) })
            }
          />
        ))}
      </Group>
    </Stack>
  );
}

function toggled(
  filters: TPracticeListFilter[],
  flag: TPracticeListFilter,
  on: boolean,
): TPracticeListFilter[] {
  return on ? [...filters.filter((f) => f !== flag), flag] : filters.filter((f) => f !== flag);
}

/** 'Search all practices': typing is debounced 600 ms (spec 000 §9) before the URL changes. */
function SearchBox({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedCallback(onSearch, PRACTICE_SEARCH_DEBOUNCE_MS);
  const typed = useRef(value);
  // Back/forward or a cleared filter changes the URL: show what it says.
  useEffect(() => {
    if (value !== typed.current.trim()) {
      typed.current = value;
      setText(value);
    }
  }, [value]);
  return (
    <TextInput
      size="sm"
      w={{ base: '100%', sm: 380 }}
      placeholder={PRACTICE_MESSAGES.searchPlaceholder}
      aria-label={PRACTICE_MESSAGES.searchPlaceholder}
      maxLength={PRACTICE_LIST_TEXT_MAX_LENGTH}
      leftSection={<SearchIcon size={16} />}
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        typed.current = next;
        setText(next);
        debounced(next);
      }}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear search"
            onClick={() => {
              typed.current = '';
              setText('');
              debounced.cancel?.();
              onSearch('');
            }}
          />
        ) : null
      }
    />
  );
}
