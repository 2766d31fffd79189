import { Button, Select, TextInput } from '@mantine/core';
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
import classes from './staff-toolbar.module.css';

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
    <div className={classes.wrapper}>
      <div className={classes.toolbar}>
        <Select
          size="sm"
          label="Search by"
          data={STAFF_SEARCH_FIELDS.map((f) => ({ value: f.value, label: f.label }))}
          value={filters.field}
          allowDeselect={false}
          onChange={(value) => onChange({ ...filters, field: (value ?? 'first_name') as TStaffSearchField })}
        />
        <TextInput
          size="sm"
          label="Search staff"
          placeholder={`${fieldLabel}…`}
          value={filters.search}
          onChange={(event) => onChange({ ...filters, search: event.currentTarget.value })}
        />
        <Select
          size="sm"
          label="Type"
          data={options(STAFF_TYPE_FILTERS)}
          value={filters.type}
          allowDeselect={false}
          onChange={(value) => onChange({ ...filters, type: (value ?? 'any') as TStaffTypeFilter })}
        />
        <Select
          size="sm"
          label="Engagement"
          data={options(STAFF_EMPLOYMENT_FILTERS)}
          value={filters.employment}
          allowDeselect={false}
          onChange={(value) =>
            onChange({ ...filters, employment: (value ?? 'any') as TStaffEmploymentFilter })
          }
        />
        <span className={classes.filler} />
        {canAdd ? (
          <Button size="sm" onClick={onAdd} className={classes.add}>
            Add staff
          </Button>
        ) : null}
      </div>
    </div>
  );
}
