import {
  fieldErrors,
  hasAddressValues,
  PRACTICE_FORM_MESSAGES,
  type TPracticeForm,
  toPracticeChanges,
  ZPracticeFormSchema,
} from '@portal/domain';
import { sql } from '../../db/sql.ts';
import { AppError } from '../../errors/app-error.ts';
import type { Queryable } from '../../plugins/app/db.ts';
import { isOfferedChoice } from '../choices/static-choices.ts';

/**
 * The writes behind the practice form, shared by `addPractice`, `savePracticeDetails` and
 * `submitReapplication`: the form is checked with its own schema (`ZPracticeFormSchema` of
 * `@portal/domain`), and a refusal names the form's fields so the browser shows each message
 * under its input.
 */

/** The checked form, or `invalid_input` with the form's per-field messages. */
export function parsePracticeForm(details: unknown): TPracticeForm {
  const parsed = ZPracticeFormSchema.safeParse(details);
  if (!parsed.success) throw new AppError('invalid_input', { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

/** A refused reference or check of the database, as the form field it concerns. */
const CONSTRAINT_FIELDS: Record<string, string> = {
  organisations_structure_fkey: 'structure',
  organisations_abn_check: 'abn',
  organisations_email_check: 'email',
  organisations_phone_country_code_check: 'phoneCountryCode',
  organisations_billing_email_check: 'billingEmail',
  practices_practice_type_fkey: 'practiceType',
  practices_mmm_fkey: 'mmm',
  addresses_state_fkey: 'state',
  addresses_postcode_check: 'postcode',
};

/**
 * Runs the writes, turning a rule only the database knows (a value not in a choice list, a
 * check) into `invalid_input` on its field; the transaction has then changed nothing.
 */
export async function withPracticeFormErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (typeof code === 'string' && /^(23|22)/.test(code)) {
      const field = constraint ? CONSTRAINT_FIELDS[constraint] : undefined;
      throw new AppError('invalid_input', {
        ...(field ? { fields: { [field]: 'Choose one of the listed values.' } } : {}),
        cause: error,
      });
    }
    throw error;
  }
}

/** Inserts a physical address and returns its id. */
async function insertAddress(tx: Queryable, values: TPracticeForm): Promise<number> {
  const { address } = toPracticeChanges(values);
  const row = await tx.one<{ id: number }>(sql`
    insert into public.addresses (unit, street, address2, suburb, state, postcode)
    values (${address.unit}, ${address.street}, ${address.address2}, ${address.suburb},
            ${address.state}, ${address.postcode})
    returning id`);
  return row.id;
}

/**
 * A new organisation, its physical address (when any address field is filled in) and its
 * practice in APPLICATION, the application started today. Returns the practice id.
 */
/**
 * A PHN is one of the provider's list (spec 000 §3 practice.phn, active items) or the one the
 * practice already has (an older value, or one the provider has since archived).
 */
async function requireListedPhn(tx: Queryable, practiceId: number | null, phn: string | null) {
  if (phn === null) return;
  const own =
    practiceId !== null &&
    (await tx.maybeOne(
      sql`select 1 from public.practices where organisation_id = ${practiceId} and phn = ${phn}`,
    ));
  if (!own && !(await isOfferedChoice(tx, 'practice.phn', phn)))
    throw new AppError('invalid_input', {
      message: PRACTICE_FORM_MESSAGES.phnUnlisted,
      fields: { phn: PRACTICE_FORM_MESSAGES.phnUnlisted },
    });
}

export async function insertPractice(tx: Queryable, values: TPracticeForm): Promise<number> {
  const { organisation: o, practice: p } = toPracticeChanges(values);
  await requireListedPhn(tx, null, p.phn);
  const addressId = hasAddressValues(values) ? await insertAddress(tx, values) : null;
  const org = await tx.one<{ id: number }>(sql`
    insert into public.organisations
      (name, legal_entity_name, abn, structure, email, billing_email, phone, phone_country_code, fax, website,
       physical_address_id)
    values (${o.name}, ${o.legal_entity_name}, ${o.abn}, ${o.structure}, ${o.email}, ${o.billing_email},
            ${o.phone}, ${o.phone_country_code}, ${o.fax}, ${o.website}, ${addressId})
    returning id`);
  await tx.one(sql`
    insert into public.practices
      (organisation_id, status, practice_type, mmm, phn, pip_id, is_amds, is_receiving_incentives,
       meets_gp_definition, previous_provider, previous_standard, previous_expiry_date,
       first_application_started_date, is_first_accreditation,
       doctor_head_count, doctor_max_count, nurse_head_count, nurse_max_count,
       allied_health_head_count, allied_health_max_count, support_staff_head_count, support_staff_max_count)
    values (${org.id}, 'APPLICATION', ${p.practice_type}, ${p.mmm}, ${p.phn}, ${p.pip_id}, ${p.is_amds},
            ${p.is_receiving_incentives}, ${p.meets_gp_definition}, ${p.previous_provider},
            ${p.previous_standard}, ${p.previous_expiry_date}::date, public.portal_today(),
            ${p.previous_provider === null},
            ${p.doctor_head_count}, ${p.doctor_max_count}, ${p.nurse_head_count}, ${p.nurse_max_count},
            ${p.allied_health_head_count}, ${p.allied_health_max_count}, ${p.support_staff_head_count},
            ${p.support_staff_max_count})
    returning organisation_id`);
  return org.id;
}

/**
 * Saves the form over an existing practice: its organisation, the practice and its physical
 * address. A practice without an address gets a new one, linked to its organisation, when any
 * address field is filled in (so does one whose address row another organisation shares).
 * Returns the address id (null while there is none).
 */
export async function updatePracticeDetails(
  tx: Queryable,
  practiceId: number,
  values: TPracticeForm,
): Promise<number | null> {
  const { organisation: o, practice: p, address: a } = toPracticeChanges(values);
  const current = await tx.one<{ physical_address_id: number | null }>(sql`
    select physical_address_id from public.organisations where id = ${practiceId} for update`);
  await requireListedPhn(tx, practiceId, p.phn);
  let addressId = current.physical_address_id;
  // Another organisation's row is never changed through this one: it gets a copy of its own.
  const shared =
    addressId !== null &&
    (await tx.maybeOne(sql`
      select 1 from public.organisations
       where id <> ${practiceId}
         and ${addressId}::integer in (physical_address_id, postal_address_id, billing_address_id)`));
  if (addressId === null || shared) {
    if (hasAddressValues(values)) addressId = await insertAddress(tx, values);
    else addressId = null;
  } else {
    await tx.many(sql`
      update public.addresses
         set unit = ${a.unit}, street = ${a.street}, address2 = ${a.address2}, suburb = ${a.suburb},
             state = ${a.state}, postcode = ${a.postcode}
       where id = ${addressId}`);
  }
  await tx.many(sql`
    update public.organisations
       set name = ${o.name}, legal_entity_name = ${o.legal_entity_name}, abn = ${o.abn},
           structure = ${o.structure}, email = ${o.email}, billing_email = ${o.billing_email},
           phone = ${o.phone}, phone_country_code = ${o.phone_country_code}, fax = ${o.fax},
           website = ${o.website},
           physical_address_id = ${addressId}
     where id = ${practiceId}`);
  await tx.many(sql`
    update public.practices
       set practice_type = ${p.practice_type}, mmm = ${p.mmm}, phn = ${p.phn}, pip_id = ${p.pip_id},
           is_amds = ${p.is_amds}, is_receiving_incentives = ${p.is_receiving_incentives},
           meets_gp_definition = ${p.meets_gp_definition}, previous_provider = ${p.previous_provider},
           previous_standard = ${p.previous_standard}, previous_expiry_date = ${p.previous_expiry_date}::date,
           doctor_head_count = ${p.doctor_head_count}, doctor_max_count = ${p.doctor_max_count},
           nurse_head_count = ${p.nurse_head_count}, nurse_max_count = ${p.nurse_max_count},
           allied_health_head_count = ${p.allied_health_head_count},
           allied_health_max_count = ${p.allied_health_max_count},
           support_staff_head_count = ${p.support_staff_head_count},
           support_staff_max_count = ${p.support_staff_max_count}
     where organisation_id = ${practiceId}`);
  return addressId;
}
