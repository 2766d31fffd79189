import { gql } from '@urql/core';

/** The survey visits of a practice's current cycle, for /Practice/SurveyConfirmation/:id. */
export const GetSurveyConfirmationQuery = gql`
  query GetSurveyConfirmation($id: Int!) {
    practices_by_pk(organisation_id: $id) {
      organisation_id
      organisation {
        id
        name
        physical_address {
          id
          unit
          street
          suburb
          state
          postcode
        }
      }
      current_accreditation {
        id
        survey_visits(where: { archived: { _eq: false } }, order_by: [{ due: asc_nulls_last }, { id: asc }]) {
          id
          type
          status
          date
          due
          start_time
          end_time
          reason_for_visit
          confirmation_form_status
          confirmation_received_at
          survey_visitors(where: { status: { _eq: ACCEPTED } }, order_by: { is_lead: desc }) {
            id
            is_lead
            user {
              id
              title
              first_name
              last_name
            }
          }
        }
      }
    }
  }
`;

export interface TSurveyVisit {
  id: number;
  type: string;
  status: string;
  date: string | null;
  due: string | null;
  start_time: string | null;
  end_time: string | null;
  reason_for_visit: string | null;
  confirmation_form_status: string;
  confirmation_received_at: string | null;
  survey_visitors: Array<{
    id: number;
    is_lead: boolean;
    user: { id: number; title: string | null; first_name: string; last_name: string } | null;
  }>;
}

export interface TGetSurveyConfirmationResult {
  practices_by_pk: {
    organisation_id: number;
    organisation: {
      id: number;
      name: string;
      physical_address: {
        id: number;
        unit: string | null;
        street: string | null;
        suburb: string | null;
        state: string | null;
        postcode: string | null;
      } | null;
    };
    current_accreditation: { id: number; survey_visits: TSurveyVisit[] } | null;
  } | null;
}
