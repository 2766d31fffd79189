/**
 * The filter of the assessment screen's indicators (spec 001 §2): its tabs with their counts and,
 * where the reviewers see it, the non-conformity filter.
 */
import { Badge, SegmentedControl, Tabs } from '@mantine/core';
import {
  INDICATOR_FILTER_LABELS,
  type indicatorFilterCounts,
  NON_CONFORMITY_FILTER_LABELS,
  NON_CONFORMITY_FILTERS,
} from '@portal/domain';
import type { TIndicatorFilterState } from '../hooks/use-indicator-filter.ts';

export function IndicatorFilters({
  filters,
  counts,
}: {
  filters: TIndicatorFilterState;
  counts: ReturnType<typeof indicatorFilterCounts>;
}) {
  const { visible, filter, subFilterShown, nc } = filters;
  return (
    <>
      <Tabs value={filter} onChange={filters.setFilter} variant="pills" radius="xl">
        <Tabs.List aria-label="Filter indicators">
          {visible.map((value) => (
            <Tabs.Tab key={value} value={value} fz="sm">
              {INDICATOR_FILTER_LABELS[value]}
              <Badge ml={6} size="sm" variant={filter === value ? 'white' : 'light'} color="gray" radius="sm">
                {counts[value]}
              </Badge>
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {subFilterShown ? (
        <SegmentedControl
          aria-label="Filter non-conformities"
          value={nc ?? 'ALL'}
          onChange={filters.setNc}
          data={[
            { value: 'ALL', label: 'All' },
            ...NON_CONFORMITY_FILTERS.map((v) => ({ value: v, label: NON_CONFORMITY_FILTER_LABELS[v] })),
          ]}
        />
      ) : null}
    </>
  );
}
