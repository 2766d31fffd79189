import { ActionIcon, Menu, ScrollArea } from '@mantine/core';
import { FilterIcon } from '../../../components/icons.tsx';

/** A column header's filter (State, Network): a menu of values, 'All' clears it. */
export function ColumnFilter({
  label,
  allLabel,
  options,
  value,
  onChange,
}: {
  /** 'state', 'network': names the button ('Filter by state'). */
  label: string;
  allLabel: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  value: string | null;
  onChange(value: string | null): void;
}) {
  return (
    <Menu position="bottom-start" shadow="md" width={260} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant={value ? 'filled' : 'subtle'}
          color={value ? 'brand' : 'gray'}
          size="xs"
          aria-label={`Filter by ${label}`}
          onClick={(event) => event.stopPropagation()}
        >
          <FilterIcon size={12} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <ScrollArea.Autosize mah={320} type="auto">
          <Menu.Item onClick={() => onChange(null)} fw={value ? 400 : 600}>
            {allLabel}
          </Menu.Item>
          <Menu.Divider />
          {options.map((option) => (
            <Menu.Item
              key={option.value}
              onClick={() => onChange(option.value)}
              fw={option.value === value ? 600 : 400}
              bg={option.value === value ? 'var(--mantine-color-brand-light)' : undefined}
              aria-current={option.value === value ? 'true' : undefined}
            >
              {option.label}
            </Menu.Item>
          ))}
        </ScrollArea.Autosize>
      </Menu.Dropdown>
    </Menu>
  );
}
