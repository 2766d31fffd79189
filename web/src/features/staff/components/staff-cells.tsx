import '@mantine/dates/styles.css';
import { Checkbox, Select, Textarea, TextInput } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import {
  CELL_TEXTAREA_MAX_ROWS,
  CELL_TEXTAREA_MIN_ROWS,
  numberCellText,
  parseDisplayDate,
} from '@portal/domain';
import { PhoneCountrySelect } from '../../../components/phone-country-select.tsx';
import { type StaffLabel, useStaffLabel } from '../model/staff-labels.tsx';
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

/** Options of a choice list, labelled as the provider labels them (the served lists, spec 000 §3). */
export function choiceOptions(values: readonly string[], label: StaffLabel) {
  return values.map((value) => ({ value, label: label(value) }));
}

/** Line breaks typed or pasted into a one-value field: each becomes a space. */
export const oneLine = (text: string) => text.replace(/\r\n?|\n/g, ' ');

/**
 * A free-text cell: a text area of 2 rows that grows to 8 as a long value wraps (spec 000 §9, 002
 * §2), then scrolls. Every staff text field holds one value (a name, a number, an address), so
 * Enter adds no line break and a pasted one becomes a space: the value stays one line of text.
 */
export function TextCell({
  label,
  value,
  error,
  disabled,
  onChange,
  onBlur,
  inputMode,
  placeholder,
}: EditCellProps<string> & { inputMode?: 'text' | 'email' | 'tel'; placeholder?: string }) {
  return (
    <Textarea
      {...common}
      autosize
      minRows={CELL_TEXTAREA_MIN_ROWS}
      maxRows={CELL_TEXTAREA_MAX_ROWS}
      // Before (or without) the autosize measuring: the smallest size, and the limit for tests.
      rows={CELL_TEXTAREA_MIN_ROWS}
      data-max-rows={CELL_TEXTAREA_MAX_ROWS}
      resize="none"
      classNames={{ ...common.classNames, input: classes.cellTextarea }}
      inputMode={inputMode}
      autoComplete="off"
      // Names, numbers and addresses: a spelling checker would only underline them.
      spellCheck={false}
      placeholder={placeholder}
      aria-label={label}
      value={value}
      error={error}
      disabled={disabled}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !event.nativeEvent.isComposing) event.preventDefault();
      }}
      onChange={(event) => onChange(oneLine(event.currentTarget.value))}
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
  const words = useStaffLabel();
  return (
    <Select
      {...common}
      aria-label={label}
      data={choiceOptions(options, words)}
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

/** The country of a staff row's phone, AU by default (spec 000 §9), in the browser's own select. */
export function PhoneCountryCell({
  label,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: EditCellProps<string | null>) {
  return (
    <PhoneCountrySelect
      {...common}
      aria-label={label}
      value={value}
      error={error}
      disabled={disabled}
      onChange={onChange}
      onBlur={onBlur}
    />
  );
}

/** Shows dd/MM/yyyy, types dd/MM/yy (the date picker of spec 001 §9) or dd/MM/yyyy, holds yyyy-MM-dd. */
export function DateCell({ label, value, error, disabled, onChange, onBlur }: EditCellProps<string | null>) {
  return (
    <DateInput
      {...common}
      aria-label={label}
      value={value || null}
      valueFormat="DD/MM/YYYY"
      placeholder="dd/mm/yy"
      dateParser={(text) => parseDisplayDate(text)}
      error={error}
      disabled={disabled}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
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
