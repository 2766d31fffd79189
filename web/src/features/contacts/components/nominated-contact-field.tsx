import { Select, Text, TextInput } from '@mantine/core';
import {
  CONTACT_MESSAGES,
  canRemoveNominatedContact,
  DEFAULT_PHONE_COUNTRY,
  NOMINATED_CONTACTS,
  phoneFieldError,
  type TNominatedContactKind,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { PhoneCountrySelect } from '../../../components/phone-country-select.tsx';
import { selectedOption, type TContactRow, type TPersonOption } from '../model/contact-people.ts';
import classes from './nominated-contacts.module.css';

/** The phone field's mark: the field keeps saying what it is once a number fills it. */
function PhoneIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true">
      <path
        d="M5.2 1.8 3.4 2.3c-.7.2-1.1.9-1 1.6.6 4.6 4.1 8.1 8.7 8.7.7.1 1.4-.3 1.6-1l.5-1.8c.1-.5-.1-1-.6-1.2l-2-.9c-.4-.2-.9-.1-1.2.2l-.8.9c-1.4-.7-2.5-1.8-3.2-3.2l.9-.8c.3-.3.4-.8.2-1.2l-.9-2c-.2-.5-.7-.7-1.2-.6Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** One nominated contact: who it is and their phone, with its country (spec 000 §2, §5, §9). */
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
  onChoose(option: TPersonOption | null, phone: string | null, country: string): Promise<boolean>;
  /** Saves a new phone (and its country) for the person already chosen. */
  onPhone(option: TPersonOption, phone: string | null, country: string): Promise<boolean>;
}) {
  const { label } = NOMINATED_CONTACTS[kind];
  const current = selectedOption(contact, options);
  const [phone, setPhone] = useState(contact?.phone ?? '');
  const storedCountry = contact?.phone_country_code ?? DEFAULT_PHONE_COUNTRY;
  const [country, setCountry] = useState(storedCountry);
  useEffect(() => setCountry(storedCountry), [storedCountry]);
  const [phoneError, setPhoneError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setPhone(contact?.phone ?? ''), [contact?.phone]);
  const removable = canRemoveNominatedContact(kind);

  return (
    <div className={classes.row}>
      <div className={classes.kind}>
        <Text fz="sm" fw={600}>
          {label}
        </Text>
        <Text fz="xs" c="dimmed">
          {removable ? 'Optional' : CONTACT_MESSAGES.accreditationContactCannotBeRemoved}
        </Text>
      </div>
      <Select
        size="sm"
        aria-label={label}
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
          // A phone typed here must pass validation before anything is saved (spec 000 §5): say
          // so, keep the text to correct, and leave the choice as it was. A stored phone left
          // untouched is not being saved, so it does not hold the choice up.
          const typed = phone.trim();
          const message =
            typed !== (contact?.phone ?? '') || country !== storedCountry
              ? phoneFieldError(phone, { country })
              : null;
          if (message) {
            setPhoneError(message);
            return;
          }
          setBusy(true);
          const option = options.find((o) => o.value === value) ?? null;
          await onChoose(option, typed || null, country);
          setBusy(false);
        }}
      />
      <PhoneCountrySelect
        size="sm"
        aria-label={`${label} phone country`}
        value={country}
        disabled={disabled || busy}
        onChange={(next) => {
          setCountry(next);
          setPhoneError(null);
        }}
      />
      <TextInput
        size="sm"
        aria-label={`${label} phone`}
        placeholder="Phone (optional)"
        leftSection={<PhoneIcon />}
        type="tel"
        value={phone}
        error={phoneError}
        disabled={disabled || busy}
        onChange={(event) => {
          setPhone(event.currentTarget.value);
          setPhoneError(null);
        }}
        onBlur={async () => {
          const message = phoneFieldError(phone, { country });
          setPhoneError(message);
          const option = options.find((o) => o.value === current);
          if (message || !contact || !option) return;
          const next = phone.trim() || null;
          if (next === (contact.phone ?? null) && country === storedCountry) return;
          setBusy(true);
          await onPhone(option, next, country);
          setBusy(false);
        }}
      />
    </div>
  );
}
