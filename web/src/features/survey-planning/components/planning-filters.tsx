import { Button, Group, Select } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { TO_PLAN, TO_PLAN_LABEL, VISIT_STATUS_LABELS, VISIT_STATUSES } from '@portal/domain';
import { useMemo } from 'react';
import type { TPlanningFilter } from '../model/planning-filter.ts';

const STATUS_OPTIONS = [
  { value: TO_PLAN, label: TO_PLAN_LABEL },
  ...VISIT_STATUSES.map((value) => ({ value, label: VISIT_STATUS_LABELS[value] })),
];

/** Any of the planning list's filters is set. */
export const isFiltered = (filter: TPlanningFilter) =>
  !!(filter.state || filter.qamId || filter.dueMonth || filter.status);

/** The planning list's filters (state, QAM, due month, status) and Clear filters while any is set. */
export function PlanningFilters({
  filter,
  setFilter,
  states,
  qams,
}: {
  filter: TPlanningFilter;
  setFilter(change: Partial<TPlanningFilter>): void;
  states: ReadonlyArray<{ value: string }>;
  qams: ReadonlyArray<{ id: number; name: string }>;
}) {
  const qamOptions = useMemo(() => qams.map((q) => ({ value: String(q.id), label: q.name })), [qams]);
  const stateOptions = useMemo(() => states.map((s) => ({ value: s.value, label: s.value })), [states]);
  const filtered = isFiltered(filter);
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="State"
        placeholder="All states"
        data={stateOptions}
        value={filter.state}
        onChange={(value) => setFilter({ state: value })}
        clearable
        w={140}
      />
      <Select
        label="QAM"
        placeholder="All QAMs"
        data={qamOptions}
        value={filter.qamId ? String(filter.qamId) : null}
        onChange={(value) => setFilter({ qamId: value ? Number(value) : null })}
        clearable
        searchable
        w={210}
      />
      <MonthPickerInput
        label="Due month"
        placeholder="Any month"
        valueFormat="MMM YYYY"
        value={filter.dueMonth ? `${filter.dueMonth}-01` : null}
        onChange={(value) => setFilter({ dueMonth: value ? value.slice(0, 7) : null })}
        clearable
        w={170}
      />
      <Select
        label="Status"
        placeholder="All statuses"
        data={STATUS_OPTIONS}
        value={filter.status}
        onChange={(value) => setFilter({ status: value })}
        clearable
        w={230}
      />
      {filtered ? (
        <Button
          variant="subtle"
          onClick={() => setFilter({ state: null, qamId: null, dueMonth: null, status: null })}
        >
          Clear filters
        </Button>
      ) : null}
    </Group>
  );
}
