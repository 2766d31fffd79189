import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { DEFAULT_PHONE_COUNTRY, PHONE_COUNTRIES } from '@portal/domain';
import { useState } from 'react';

const ALL = PHONE_COUNTRIES.map((c) => ({ value: c.code, label: c.label }));

/**
 * The country of a phone number (spec 000 §9: Australia first, the default), in the browser's own
 * select. Its some 245 options are put in once it is focused or pressed: until then it holds only
 * the chosen country, so a page with several phones (the staff register, the nominated contacts)
 * does not carry a thousand options it never shows.
 */
export function PhoneCountrySelect({
  value,
  onChange,
  ...props
}: Omit<NativeSelectProps, 'data' | 'value' | 'onChange'> & {
  value: string | null;
  onChange(country: string): void;
}) {
  const [full, setFull] = useState(false);
  const chosen = value || DEFAULT_PHONE_COUNTRY;
  const data = full ? ALL : ALL.filter((option) => option.value === chosen);
  return (
    <NativeSelect
      {...props}
      data={data}
      value={chosen}
      onFocus={(event) => {
        setFull(true);
        props.onFocus?.(event);
      }}
      onMouseDown={(event) => {
        setFull(true);
        props.onMouseDown?.(event);
      }}
      onChange={(event) => onChange(event.currentTarget.value || DEFAULT_PHONE_COUNTRY)}
    />
  );
}
