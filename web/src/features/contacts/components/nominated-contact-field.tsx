import { Group, Select, Stack, Text, TextInput } from '@mantine/core';
import {
  CONTACT_MESSAGES,
  canRemoveNominatedContact,
  NOMINATED_CONTACTS,
  phoneFieldError,
  type TNominatedContactKind,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { selectedOption, type TContactRow, type TPersonOption } from '../model/contact-people.ts';

/** One nominated contact: who it is and their phone (spec 000 §2, §5). */
export function NominatedContactField({
  kind,
  contact,
  options,
  disabled,
  onChoose,
  onPhone,
}: {
  kind: TNominatedContactKind;
  contact: TContactRow | null;
  options: TPersonOption[];
  disabled: boolean;
  onChoose(option: TPersonOption | null, phone: string | null): Promise<boolean>;
  /** Saves a new phone for the person already chosen. */
  onPhone(option: TPersonOption, phone: string | null): Promise<boolean>;
}) {
  const { label } = NOMINATED_CONTACTS[kind];
  const current = selectedOption(contact, options);
  const [phone, setPhone] = useState(contact?.phone ?? '');
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPhone(contact?.phone ?? ''), [contact?.phone]);
  const removable = canRemoveNominatedContact(kind);

  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <Select
          style={{ flex: 1, minWidth: 0 }}
          label={label}
          placeholder={disabled ? 'Not nominated' : 'Choose a person'}
          data={options.map((o) => ({ value: o.value, label: o.label }))}
          value={current}
          searchable
          nothingFoundMessage="Nobody on the register matches"
          clearable={removable}
          allowDeselect={removable}
          disabled={disabled || busy}
          comboboxProps={{ withinPortal: true }}
          onChange={async (value) => {
            if (value === current) return;
            if (value === null && !removable) return;
            setBusy(true);
            const option = options.find((o) => o.value === value) ?? null;
            const typed = phone.trim() && !phoneFieldError(phone) ? phone.trim() : null;
            await onChoose(option, typed);
            setBusy(false);
          }}
        />
        <TextInput
          w={{ base: 200, sm: 260 }}
          label={`${label} phone`}
          placeholder="Optional, e.g. 02 9360 4411"
          type="tel"
          value={phone}
          error={phoneError}
          disabled={disabled || busy}
          onChange={(event) => {
            setPhone(event.currentTarget.value);
            setPhoneError(null);
          }}
          onBlur={async () => {
            const message = phoneFieldError(phone);
            setPhoneError(message);
            const option = options.find((o) => o.value === current);
            if (message || !contact || !option) return;
            const next = phone.trim() || null;
            if (next === (contact.phone ?? null)) return;
            setBusy(true);
            await onPhone(option, next);
            setBusy(false);
          }}
        />
      </Group>
      {!removable && current ? (
        <Text fz="xs" c="dimmed">
          {CONTACT_MESSAGES.accreditationContactCannotBeRemoved} Choose another person to change it.
        </Text>
      ) : null}
    </Stack>
  );
}
