import { Button, Group, Select, TextInput } from '@mantine/core';
import {
  STAFF_EMPLOYMENT_FILTERS,
  STAFF_FILTER_LABELS,
  STAFF_SEARCH_FIELDS,
  STAFF_TYPE_FILTERS,
  type TStaffEmploymentFilter,
  type TStaffSearchField,
  type TStaffTypeFilter,
} from '@portal/domain';
import type { TStaffFilters } from '../hooks/use-staff-list.ts';

const options = (values: readonly string[]) =>
  values.map((value) => ({ value, label: STAFF_FILTER_LABELS[value as TStaffTypeFilter] ?? value }));

/** Search with its field selector, the two extra filters and Add staff (spec 000 §2). */
export function StaffToolbar({
  filters,
  onChange,
  canAdd,
  onAdd,
}: {
  filters: TStaffFilters;
  onChange(next: TStaffFilters): void;
  canAdd: boolean;
  onAdd(): void;
}) {
  const fieldLabel = STAFF_SEARCH_FIELDS.find((f) => f.value === filters.field)?.label ?? '';
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="nowrap">
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          size="sm"
          w={130}
          label="Search by"
          data={STAFF_SEARCH_FIELDS.map((f) => ({ value: f.value, label: f.label }))}
          value={filters.field}
          allowDeselect={false}
          onChange={(value) => onChange({ ...filters, field: (value ?? 'first_name') as TStaffSearchField })}
        />
        <TextInput
          size="sm"
          w={190}
          label="Search staff"
          placeholder={`Search by ${fieldLabel.toLowerCase()}`}
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        />
        <Select
          size="sm"
          w={100}
          label="Type"
          data={options(STAFF_TYPE_FILTERS)}
          value={filters.type}
          allowDeselect={false}
          onChange={(value) => onChange({ ...filters, type: (value ?? 'any') as TStaffTypeFilter })}
        />
        <Select
          size="sm"
          w={120}
          label="Engagement"
          data={options(STAFF_EMPLOYMENT_FILTERS)}
          value={filters.employment}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ ...filters, employment: (value ?? 'any') as TStaffEmploymentFilter })
          }
        />
      </Group>
      {canAdd ? (
        <Button size="sm" onClick={onAdd} style={{ flexShrink: 0 }}>
          Add staff
        </Button>
      ) : null}
    </Group>
  );
}
