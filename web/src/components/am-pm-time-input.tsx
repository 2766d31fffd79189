import { TextInput, type TextInputProps } from '@mantine/core';
import { amPmTimeProblem, isTimeFieldKey } from '@portal/domain';
import { useState } from 'react';

/**
 * A time typed as 'hh:mm am|pm' (the time helper of spec 002 §5): it takes only digits, colon, a,
 * p, m, space and editing keys, and says 'Value should be in form hh:mm am|pm' when it loses focus
 * holding anything else. The text is the value; `parseAmPmTime` (domain) gives its HH:mm.
 */
export function AmPmTimeInput({
  value,
  onChange,
  error,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange'> & { value: string; onChange(text: string): void }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <TextInput
      placeholder="hh:mm am"
      {...props}
      value={value}
      error={problem ?? error}
      onKeyDown={(event) => {
        if (!isTimeFieldKey(event.key, event.ctrlKey || event.metaKey)) event.preventDefault();
      }}
      onChange={(event) => {
        onChange(event.currentTarget.value);
        if (problem) setProblem(amPmTimeProblem(event.currentTarget.value));
      }}
      onBlur={(event) => setProblem(amPmTimeProblem(event.currentTarget.value))}
    />
  );
}
