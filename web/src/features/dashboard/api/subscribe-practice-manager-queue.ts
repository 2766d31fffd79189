import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * One of the dashboard's work queues, a live query per role scope (decisions/dashboard.md): the
 * engine sends the first answer at once and a new one whenever it changes, so counts move without
 * a reload. The filter comes from the domain, which also decides which rows are work.
 */

/** The practices the user manages, with what their queue reads. */
export const PracticeManagerQueueSubscription = graphql(`
  subscription PracticeManagerQueue($where: practices_bool_exp!, $userId: Int!, $reviewBy: date!) {
    practices(where: $where, order_by: { organisation: { name: asc } }, limit: 200) {
      organisation_id
      status
      organisation {
        id
        name
      }
      practice_users(where: { user_id: { _eq: $userId }, active: { _eq: true } }) {
        id
        role
      }
      practice_staff(where: { archived: { _eq: false } }, order_by: { id: asc }) {
        id
        verified
        active
        title
        first_name
        last_name
        type
        registration_num
        employment_type
        start_date
        employment_status
        resignation_date
        email
        vr_status
        hours_per_week
        cpr_expiry
        qicpd
        qa_cpd_num
        fte_band
        phone
        phone_country_code
        primary_qualification_document_id
        cpr_evidence_document_id
      }
      documents(
        where: { archived: { _eq: false }, uploaded_at: { _is_null: false }, review_date: { _lte: $reviewBy } }
        order_by: { review_date: asc }
        limit: 50
      ) {
        id
        name
        review_date
      }
      reapplications(where: { status: { _in: [DUE, PAYMENT_PENDING] } }) {
        id
        status
        due_date
      }
      current_accreditation {
        id
        self_assessment_due
        assessments(
          where: {
            _or: [
              { type: { _eq: PRESURVEY }, status: { _eq: IN_PROGRESS }, moved_to_assessment_id: { _is_null: true } }
              { type: { _eq: SURVEY_VISIT }, status: { _eq: ACTION_REQUIRED } }
            ]
          }
          order_by: { id: asc }
        ) {
          id
          type
          status
          due_date
          action_plan_due
        }
        survey_visits(
          where: { archived: { _eq: false }, confirmation_form_status: { _eq: SENT } }
          order_by: { date: asc_nulls_last }
        ) {
          id
          date
          due
        }
      }
    }
  }
`);
