import '@mantine/dates/styles.css';
import { Checkbox, Select, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { numberCellText, parseDisplayDate, STAFF_OPTION_LABELS } from '@portal/domain';
import classes from './staff-table.module.css';

/** What every editable cell of the staff row gets. */
export interface EditCellProps<V> {
  /** The column's name, read by screen readers (the header names it for sighted users). */
  label: string;
  value: V;
  error?: string;
  disabled?: boolean;
  onChange(value: V): void;
  onBlur(): void;
}

/** Small inputs whose message does not make the row taller (see staff-table.module.css). */
const common = {
  size: 'xs',
  radius: 'sm',
  classNames: { root: classes.cellRoot, error: classes.cellError },
} as const;

/** Options of a choice list, labelled as the enum tables label them. */
export function choiceOptions(values: readonly string[]) {
  return values.map((value) => ({ value, label: STAFF_OPTION_LABELS[value] ?? value }));
}

export function TextCell({
  label,
  value,
  error,
  disabled,
  onChange,
  onBlur,
  type = 'text',
  placeholder,
}: EditCellProps<string> & { type?: string; placeholder?: string }) {
  return (
    <TextInput
      {...common}
      type={type}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
    />
  );
}

/** Digits and one decimal point only (spec 000 §5): anything else typed is dropped. */
export function NumberCell({ label, value, error, disabled, onChange, onBlur }: EditCellProps<string>) {
  return (
    <TextInput
      {...common}
      inputMode="decimal"
      aria-label={label}
      value={value}
      error={error}
      disabled={disabled}
      onChange={(event) => onChange(numberCellText(event.currentTarget.value))}
      onBlur={onBlur}
    />
  );
}

export function SelectCell({
  label,
  value,
  error,
  disabled,
  onChange,
  onBlur,
  options,
}: EditCellProps<string | null> & { options: readonly string[] }) {
  return (
    <Select
      {...common}
      aria-label={label}
      data={choiceOptions(options)}
      value={value || null}
      error={error}
      disabled={disabled}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      onChange={(next) => onChange(next)}
      onBlur={onBlur}
    />
  );
}

/** Shows dd/MM/yyyy, types dd/MM/yyyy, holds yyyy-MM-dd. */
export function DateCell({ label, value, error, disabled, onChange, onBlur }: EditCellProps<string | null>) {
  return (
    <DateInput
      {...common}
      aria-label={label}
      value={value || null}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/yyyy"
      dateParser={(text) => parseDisplayDate(text)}
      error={error}
      disabled={disabled}
      clearable
      popoverProps={{ withinPortal: true }}
      // Focus opens the calendar: a refused Save shows this cell without focusing it.
      wrapperProps={{ 'data-date-cell': true }}
      onChange={(next) => onChange(next ? String(next).slice(0, 10) : null)}
      onBlur={onBlur}
    />
  );
}

export function CheckboxCell({ label, value, error, disabled, onChange, onBlur }: EditCellProps<boolean>) {
  return (
    <Checkbox
      aria-label={label}
      checked={value}
      error={error}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.checked)}
      onBlur={onBlur}
    />
  );
}
