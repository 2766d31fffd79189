import { Group, Select, Switch, TextInput } from '@mantine/core';
import type { TResourceFilter } from '../model/filter-resources.ts';

/** The filters of a resources page: search, type, category and, for the provider admin, Show archived. */
export function ResourceFilters({
  title,
  filter,
  categories,
  canManage,
  onChange,
}: {
  /** The page's title, as the search box names it. */
  title: string;
  filter: TResourceFilter;
  categories: string[];
  canManage: boolean;
  onChange(filter: TResourceFilter): void;
}) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <TextInput
        label={`Search ${title.toLowerCase()}`}
        placeholder="Name or description"
        value={filter.search}
        onChange={(e) => onChange({ ...filter, search: e.currentTarget.value })}
        style={{ flex: '1 1 240px' }}
      />
      <Select
        label="Type"
        data={[
          { value: 'all', label: 'Files and links' },
          { value: 'file', label: 'Files' },
          { value: 'link', label: 'Links' },
        ]}
        value={filter.type}
        onChange={(value) => onChange({ ...filter, type: (value as TResourceFilter['type']) ?? 'all' })}
        allowDeselect={false}
        w={170}
      />
      <Select
        label="Category"
        placeholder="All categories"
        data={categories}
        value={filter.category}
        onChange={(value) => onChange({ ...filter, category: value })}
        clearable
        w={200}
      />
      {canManage ? (
        <Switch
          label="Show archived"
          checked={filter.showArchived}
          onChange={(e) => onChange({ ...filter, showArchived: e.currentTarget.checked })}
          mb={8}
        />
      ) : null}
    </Group>
  );
}
