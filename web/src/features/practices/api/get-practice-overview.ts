import { gql } from '@urql/core';

/** The practice the overview shows, with what its header and tabs need (one request). */
export const GetPracticeOverviewQuery = gql`
  query GetPracticeOverview($id: Int!) {
    practices_by_pk(organisation_id: $id) {
      organisation_id
      status
      active_status
      is_staff_first_view
      is_documents_first_view
      show_message_after_renewal_payment
      organisation {
        id
        name
        phone
        physical_address {
          id
          suburb
          state
          postcode
        }
      }
      network {
        id
        name
      }
      current_accreditation {
        id
        status
        expiry_date
        ext_date
        self_assessment_due
        survey_visit_due
        is_first_view
      }
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
      }
    }
  }
`;

export interface TPracticeOverview {
  organisation_id: number;
  status: string;
  active_status: string;
  is_staff_first_view: boolean;
  is_documents_first_view: boolean;
  show_message_after_renewal_payment: boolean;
  organisation: {
    id: number;
    name: string;
    phone: string | null;
    physical_address: {
      id: number;
      suburb: string | null;
      state: string | null;
      postcode: string | null;
    } | null;
  };
  network: { id: number; name: string } | null;
  current_accreditation: {
    id: number;
    status: string;
    expiry_date: string | null;
    ext_date: string | null;
    self_assessment_due: string | null;
    survey_visit_due: string | null;
    is_first_view: boolean;
  } | null;
  reapplications: Array<{ id: number; status: string }>;
}

export interface TGetPracticeOverviewResult {
  practices_by_pk: TPracticeOverview | null;
}
