import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/**
 * Practice and organisation data of /Practice/Details/:id and /Practice/Reapplication/:id, with
 * the choice lists of the form (the root fields of GetPracticeChoices).
 */
export const GetPracticeDetailsQuery = graphql(`
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
        phone_country_code
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
    practice_type(order_by: { comment: asc }) {
      value
      comment
    }
    mmm_classification(order_by: { value: asc }) {
      value
      comment
    }
    organisation_structure(order_by: { comment: asc }) {
      value
      comment
    }
    australian_state(order_by: { value: asc }) {
      value
      comment
    }
  }
`);

/** The practice of the details and reapplication pages, as GetPracticeDetails answers it. */
export type TPracticeDetails = NonNullable<ResultOf<typeof GetPracticeDetailsQuery>['practices_by_pk']>;
