// The practice form's building blocks: its titled section and its field makers.
import { Checkbox, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { isNumberFieldKey } from '@portal/domain';
import type { KeyboardEvent, ReactNode } from 'react';
import type { useZodForm } from '../../../lib/forms/use-zod-form.ts';

export type TPracticeFormState = ReturnType<typeof useZodForm>;
export type TChoiceList = Array<{ value: string; label: string }>;

/** A titled part of the practice form, with an optional line under its title. */
export function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz={17}>
          {title}
        </Title>
        {description ? (
          <Text fz="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      {children}
    </Stack>
  );
}

/**
 * The practice form's field makers, bound to the form and read-only when the user may not change
 * the practice: a searchable select, a text input, a number field (digits and editing keys only,
 * spec 002 §5; a paste is checked on blur) and a check box.
 */
export function practiceFields(form: TPracticeFormState, readOnly: boolean) {
  const select = (name: string, label: string, data: TChoiceList, extra: object = {}) => (
    <Select
      label={label}
      data={data}
      value={form.values[name] || null}
      onChange={(value) => form.setValue(name, value ?? '')}
      error={form.errors[name]}
      readOnly={readOnly}
      clearable={!readOnly}
      searchable
      size="sm"
      {...extra}
    />
  );
  const input = (name: string, label: string, extra: object = {}) => (
    <TextInput label={label} size="sm" readOnly={readOnly} {...form.field(name)} {...extra} />
  );
  const number = (name: string, label: string, ariaLabel: string) =>
    input(name, label, {
      inputMode: 'numeric',
      'aria-label': ariaLabel,
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (!isNumberFieldKey(event.key, event)) event.preventDefault();
      },
    });
  const check = (name: string, label: string) => (
    <Checkbox
      label={label}
      checked={form.values[name] === 'true'}
      onChange={(event) => form.setValue(name, String(event.currentTarget.checked))}
      disabled={readOnly}
    />
  );
  return { select, input, number, check };
}
export type TPracticeFields = ReturnType<typeof practiceFields>;
