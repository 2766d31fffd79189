import { NOMINATED_CONTACTS, type TNominatedContactKind } from '@portal/domain';
import { type ResultOf, readFragment } from '../../../lib/graphql/graphql.ts';
import type { GetNominatedContactsQuery } from '../api/get-nominated-contacts.ts';
import { NominatedContactFields } from '../api/nominated-contact-fields.ts';

/** A nominated contact as the engine answers it (`NominatedContactFields`). */
export type TContactRow = ResultOf<typeof NominatedContactFields>;

type TNominatedContacts = ResultOf<typeof GetNominatedContactsQuery>;

/** The practice's current accreditation, with its four nominations. */
export type TNominatingAccreditation = NonNullable<
  NonNullable<TNominatedContacts['practices_by_pk']>['current_accreditation']
>;

/** The contact nominated as `kind` on the accreditation, if any. */
export function nominatedContact(
  accreditation: TNominatingAccreditation | null,
  kind: TNominatedContactKind,
): TContactRow | null {
  return accreditation
    ? readFragment(NominatedContactFields, accreditation[NOMINATED_CONTACTS[kind].relationship])
    : null;
}

/** A staff member of the practice who can be nominated. */
export type TStaffPerson = TNominatedContacts['practice_staff'][number];

/** A user of the practice who can be nominated. */
export type TPracticeUserPerson = TNominatedContacts['practice_users'][number];

/** One choice of the person selector, and the contact it becomes. */
export interface TPersonOption {
  value: string;
  label: string;
  contact: {
    first_name: string;
    last_name: string;
    email: string | null;
    phone: string | null;
    /** The phone's country (a staff row's, or the user's account's). */
    phone_country_code: string;
    user_id: number | null;
  };
}

const fullName = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
const sameName = (
  a: { first_name: string; last_name: string },
  b: { first_name: string; last_name: string },
) => fullName(a).toLowerCase() === fullName(b).toLowerCase();

/**
 * The people a nominated contact can be: the practice's staff, then its users who are not also
 * on the staff register (matched by account), each once; the current contact is added when it
 * is neither (a person who has since left), so the selector still shows who it is.
 */
export function personOptions(
  staff: TStaffPerson[],
  users: TPracticeUserPerson[],
  current: (TContactRow | null)[] = [],
): TPersonOption[] {
  const options: TPersonOption[] = staff.map((s) => ({
    value: `staff:${s.id}`,
    label: s.email ? `${fullName(s)} (${s.email})` : fullName(s),
    contact: {
      first_name: s.first_name,
      last_name: s.last_name,
      email: s.email,
      phone: s.phone,
      phone_country_code: s.phone_country_code,
      user_id: s.user_id,
    },
  }));
  const staffUserIds = new Set(staff.map((s) => s.user_id).filter((id) => id !== null));
  const seenUsers = new Set<number>();
  for (const pu of users) {
    const user = pu.user;
    if (!user || staffUserIds.has(user.id) || seenUsers.has(user.id)) continue;
    seenUsers.add(user.id);
    options.push({
      value: `user:${user.id}`,
      label: user.email ? `${fullName(user)} (${user.email})` : fullName(user),
      contact: {
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        phone: user.phone,
        phone_country_code: user.phone_country_code,
        user_id: user.id,
      },
    });
  }
  for (const contact of current) {
    if (contact && selectedOption(contact, options) === null) {
      options.push({
        value: `contact:${contact.id}`,
        label: fullName(contact) || contact.email || 'Unnamed contact',
        contact,
      });
    }
  }
  return options;
}

/** Which option a stored contact is: the same account, else the same name (and e-mail when both have one). */
export function selectedOption(contact: TContactRow | null, options: TPersonOption[]): string | null {
  if (!contact) return null;
  const own = options.find((o) => o.value === `contact:${contact.id}`);
  if (own) return own.value;
  if (contact.user_id !== null) {
    const byUser = options.find((o) => o.contact.user_id === contact.user_id);
    if (byUser) return byUser.value;
  }
  const byName = options.find(
    (o) =>
      sameName(o.contact, contact) &&
      (!o.contact.email || !contact.email || o.contact.email.toLowerCase() === contact.email.toLowerCase()),
  );
  return byName?.value ?? null;
}
