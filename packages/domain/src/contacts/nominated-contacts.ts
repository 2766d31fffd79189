import { z } from 'zod';
import { refinePhoneCountry, ZOptionalPhoneTextSchema, ZPhoneCountrySchema } from './phone.ts';

/** The four nominated contacts of an accreditation (spec 000 §2, §3), in display order. */
export const NOMINATED_CONTACT_KINDS = ['ACCREDITATION', 'GP', 'NURSE', 'SUPPORT'] as const;
export type TNominatedContactKind = (typeof NOMINATED_CONTACT_KINDS)[number];

/** Per kind: its label, the accreditation column that points at the contact, and its GraphQL relationship. */
export const NOMINATED_CONTACTS = {
  ACCREDITATION: {
    label: 'Accreditation contact',
    column: 'nominated_accreditation_contact_id',
    relationship: 'nominated_accreditation_contact',
  },
  GP: { label: 'GP contact', column: 'nominated_gp_contact_id', relationship: 'nominated_gp_contact' },
  NURSE: {
    label: 'Nurse contact',
    column: 'nominated_nurse_contact_id',
    relationship: 'nominated_nurse_contact',
  },
  SUPPORT: {
    label: 'Support contact',
    column: 'nominated_support_contact_id',
    relationship: 'nominated_support_contact',
  },
} as const satisfies Record<TNominatedContactKind, { label: string; column: string; relationship: string }>;

/** A nominated accreditation contact cannot be deleted (spec 000 §5); the others can be cleared. */
export function canRemoveNominatedContact(kind: TNominatedContactKind): boolean {
  return kind !== 'ACCREDITATION';
}

/**
 * Choosing a person for a nominated contact (spec 000 §4): the person is a staff member or a
 * user of the practice (or nobody, to clear a removable contact), with an optional phone.
 */
export const ZNominatedContactRequestSchema = z
  .object({
    practiceId: z.number().int().positive(),
    kind: z.enum(NOMINATED_CONTACT_KINDS),
    staffId: z.number().int().positive().nullish(),
    userId: z.number().int().positive().nullish(),
    phone: ZOptionalPhoneTextSchema,
    /** The phone's country (spec 000 §9: AU when none is sent). */
    phoneCountryCode: ZPhoneCountrySchema,
  })
  .superRefine(refinePhoneCountry('phoneCountryCode'))
  .refine((value) => !(value.staffId && value.userId), {
    message: 'Choose one person.',
    path: ['staffId'],
  });
export type TNominatedContactRequest = z.infer<typeof ZNominatedContactRequestSchema>;
