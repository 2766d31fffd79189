import type { TPracticeFormValues } from '@portal/domain';
import type { ResultOf } from '../../../lib/graphql/graphql.ts';
import type { GetPracticeChoicesQuery } from '../api/get-practice-choices.ts';
import type { TPracticeDetails } from '../api/get-practice-details.ts';

const str = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);
const bool = (value: boolean | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** The loaded row → the form's strings (the form and its schema are `@portal/domain`'s). */
export function toPracticeFormValues(practice: TPracticeDetails): TPracticeFormValues {
  const org = practice.organisation;
  const address = org.physical_address;
  return {
    name: org.name,
    legalEntityName: str(org.legal_entity_name),
    abn: str(org.abn),
    structure: str(org.structure),
    email: str(org.email),
    billingEmail: str(org.billing_email),
    phone: str(org.phone),
    phoneCountryCode: org.phone_country_code,
    fax: str(org.fax),
    website: str(org.website),
    practiceType: str(practice.practice_type),
    mmm: str(practice.mmm),
    phn: str(practice.phn),
    pipId: str(practice.pip_id),
    isAmds: bool(practice.is_amds),
    isReceivingIncentives: bool(practice.is_receiving_incentives),
    meetsGpDefinition: bool(practice.meets_gp_definition),
    previousProvider: str(practice.previous_provider),
    previousStandard: str(practice.previous_standard),
    previousExpiryDate: str(practice.previous_expiry_date),
    unit: str(address?.unit),
    street: str(address?.street),
    address2: str(address?.address2),
    suburb: str(address?.suburb),
    state: str(address?.state),
    postcode: str(address?.postcode),
    doctorHead: str(practice.doctor_head_count),
    doctorMax: str(practice.doctor_max_count),
    nurseHead: str(practice.nurse_head_count),
    nurseMax: str(practice.nurse_max_count),
    alliedHealthHead: str(practice.allied_health_head_count),
    alliedHealthMax: str(practice.allied_health_max_count),
    supportStaffHead: str(practice.support_staff_head_count),
    supportStaffMax: str(practice.support_staff_max_count),
  };
}

/** The choice lists as GetPracticeChoices answers them (GetPracticeDetails asks for the same fields). */
export type TPracticeChoiceRows = ResultOf<typeof GetPracticeChoicesQuery>;

/** The form's options from those rows; a state reads 'NSW – New South Wales'. */
export function toChoiceLists(rows: TPracticeChoiceRows) {
  const list = (choices: ReadonlyArray<{ value: string; comment: string }>) =>
    choices.map((r) => ({ value: r.value, label: r.comment }));
  return {
    practiceTypes: list(rows.practice_type),
    mmm: list(rows.mmm_classification),
    structures: list(rows.organisation_structure),
    states: rows.australian_state.map((r) => ({ value: r.value, label: `${r.value} – ${r.comment}` })),
  };
}
