import { gql } from '@urql/core';
import { PRACTICE_CHOICE_FIELDS } from './practice-choice-fields.ts';

/** Practice and organisation data of /Practice/Details/:id and /Practice/Reapplication/:id. */
export const GetPracticeDetailsQuery = gql`
  query GetPracticeDetails($id: Int!) {
    practices_by_pk(organisation_id: $id) {
      organisation_id
      status
      practice_type
      mmm
      phn
      pip_id
      is_amds
      is_receiving_incentives
      meets_gp_definition
      previous_provider
      previous_standard
      previous_expiry_date
      doctor_head_count
      doctor_max_count
      nurse_head_count
      nurse_max_count
      allied_health_head_count
      allied_health_max_count
      support_staff_head_count
      support_staff_max_count
      network {
        id
        name
      }
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
        due_date
        submitted_at
      }
      current_accreditation {
        id
        status
        expiry_date
        ext_date
      }
      organisation {
        id
        name
        legal_entity_name
        abn
        structure
        email
        billing_email
        phone
        fax
        website
        physical_address {
          id
          unit
          street
          address2
          suburb
          state
          postcode
        }
      }
    }
    ${PRACTICE_CHOICE_FIELDS}
  }
`;

export interface TPracticeDetails {
  organisation_id: number;
  status: string;
  practice_type: string | null;
  mmm: string | null;
  phn: string | null;
  pip_id: string | null;
  is_amds: boolean;
  is_receiving_incentives: boolean;
  meets_gp_definition: boolean | null;
  previous_provider: string | null;
  previous_standard: string | null;
  previous_expiry_date: string | null;
  doctor_head_count: number;
  doctor_max_count: number;
  nurse_head_count: number;
  nurse_max_count: number;
  allied_health_head_count: number;
  allied_health_max_count: number;
  support_staff_head_count: number;
  support_staff_max_count: number;
  network: { id: number; name: string } | null;
  reapplications: Array<{ id: number; status: string; due_date: string | null; submitted_at: string | null }>;
  current_accreditation: {
    id: number;
    status: string;
    expiry_date: string | null;
    ext_date: string | null;
  } | null;
  organisation: {
    id: number;
    name: string;
    legal_entity_name: string | null;
    abn: string | null;
    structure: string | null;
    email: string | null;
    billing_email: string | null;
    phone: string | null;
    fax: string | null;
    website: string | null;
    physical_address: {
      id: number;
      unit: string | null;
      street: string | null;
      address2: string | null;
      suburb: string | null;
      state: string | null;
      postcode: string | null;
    } | null;
  };
}

type TChoice = { value: string; comment: string };

export interface TGetPracticeDetailsResult {
  practices_by_pk: TPracticeDetails | null;
  practice_type: TChoice[];
  mmm_classification: TChoice[];
  organisation_structure: TChoice[];
  australian_state: TChoice[];
}
