import { Card, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  CONTACT_MESSAGES,
  DEFAULT_PHONE_COUNTRY,
  NOMINATED_CONTACT_KINDS,
  phoneFieldError,
  type TNominatedContactKind,
  TOAST_CONTACT_MS,
} from '@portal/domain';
import { useMemo } from 'react';
import { useMutation, useQuery } from 'urql';
import { GetNominatedContactsQuery } from '../api/get-nominated-contacts.ts';
import { SetNominatedContactMutation } from '../api/set-nominated-contact.ts';
import { UpdateContactPhoneMutation } from '../api/update-contact-phone.ts';
import { nominatedContact, personOptions, type TPersonOption } from '../model/contact-people.ts';
import { NominatedContactField } from './nominated-contact-field.tsx';
import classes from './nominated-contacts.module.css';

/** Nominated contact messages stay three seconds, success or not (spec 000 §8, §9). */
function notifyContact(ok: boolean) {
  notifications.show({
    color: ok ? 'teal' : 'red',
    message: ok ? CONTACT_MESSAGES.updated : CONTACT_MESSAGES.updateFailed,
    autoClose: TOAST_CONTACT_MS,
  });
  return ok;
}

/**
 * The four nominated contacts of the current accreditation (spec 000 §2). Choosing a person saves
 * them as a contact of the practice, then points the accreditation at it (spec 000 §4).
 */
export function NominatedContactsPanel({
  practiceId,
  canChange,
}: {
  practiceId: number;
  canChange: boolean;
}) {
  const [result, reexecute] = useQuery({
    query: GetNominatedContactsQuery,
    variables: { practiceId },
    requestPolicy: 'cache-and-network',
  });
  const [, setNominated] = useMutation(SetNominatedContactMutation);
  const [, updatePhone] = useMutation(UpdateContactPhoneMutation);
  const accreditation = result.data?.practices_by_pk?.current_accreditation ?? null;
  const contactOf = (kind: TNominatedContactKind) => nominatedContact(accreditation, kind);

  const options = useMemo(
    () =>
      personOptions(
        result.data?.practice_staff ?? [],
        result.data?.practice_users ?? [],
        NOMINATED_CONTACT_KINDS.map((kind) => nominatedContact(accreditation, kind)),
      ),
    [result.data, accreditation],
  );
  const refresh = () => reexecute({ requestPolicy: 'network-only' });

  /** Who a person option is to the action: a staff member or a user of the practice. */
  const personOf = (option: TPersonOption | null) => {
    const [source, id] = option?.value.split(':') ?? [];
    return {
      staffId: source === 'staff' ? Number(id) : null,
      userId: source === 'user' ? Number(id) : null,
    };
  };

  const save = async (
    kind: TNominatedContactKind,
    option: TPersonOption | null,
    phone: string | null,
    phoneCountryCode: string,
  ) => {
    const person = personOf(option);
    if (option && person.staffId === null && person.userId === null) {
      // The current contact is nobody on the register any more: only its phone can change.
      const contact = contactOf(kind);
      if (!contact) return false;
      const updated = await updatePhone({ id: contact.id, phone, phoneCountryCode });
      refresh();
      return notifyContact(!updated.error);
    }
    const saved = await setNominated({ practiceId, kind, ...person, phone, phoneCountryCode });
    refresh();
    return notifyContact(!saved.error);
  };

  const choose = (
    kind: TNominatedContactKind,
    option: TPersonOption | null,
    typedPhone: string | null,
    typedCountry: string,
  ) => {
    // A new person brings their own phone; a first nomination keeps what was typed beside it.
    const ownCountry = option?.contact.phone_country_code ?? DEFAULT_PHONE_COUNTRY;
    const own =
      option?.contact.phone && !phoneFieldError(option.contact.phone, { country: ownCountry })
        ? option.contact.phone
        : null;
    const typed = !contactOf(kind) && typedPhone !== null;
    return save(kind, option, typed ? typedPhone : own, typed ? typedCountry : ownCountry);
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="nominated-contacts-title">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} fz={18} id="nominated-contacts-title">
            Nominated contacts
          </Title>
          <Text fz="sm" c="dimmed">
            Who we contact about this accreditation cycle. Choose people from your staff register or your
            practice's users.
          </Text>
        </Stack>
        {result.data && !accreditation ? (
          <Text fz="sm" c="dimmed">
            Contacts can be nominated once the practice has an accreditation cycle.
          </Text>
        ) : null}
        {result.error ? (
          <Text fz="sm" c="red">
            The nominated contacts could not be loaded. Please reload the page.
          </Text>
        ) : null}
        {accreditation ? (
          <div className={classes.list}>
            {NOMINATED_CONTACT_KINDS.map((kind) => (
              <NominatedContactField
                key={`${kind}-${contactOf(kind)?.id ?? 'none'}`}
                kind={kind}
                contact={contactOf(kind)}
                options={options}
                disabled={!canChange}
                onChoose={(option, phone, country) => choose(kind, option, phone, country)}
                onPhone={(option, phone, country) => save(kind, option, phone, country)}
              />
            ))}
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}
