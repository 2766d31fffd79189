import { graphql, type ResultOf } from '../../../lib/graphql/graphql.ts';

/** The practice the overview shows, with what its header and tabs need (one request). */
export const GetPracticeOverviewQuery = graphql(`
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
`);

/** The practice of the overview, as GetPracticeOverview answers it. */
export type TPracticeOverview = NonNullable<ResultOf<typeof GetPracticeOverviewQuery>['practices_by_pk']>;
