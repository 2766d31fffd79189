/**
 * The dashboard's work-queue documents (web/src/features/dashboard/api/), asked once as a query
 * for a digest: the same selections, so the domain's queue rules (`practiceManagerQueue`, …) read
 * what they read on the Dashboard. A change to a dashboard document is made here too.
 */

/** The practices the user manages (`practiceManagerQueueWhere`). */
export const DIGEST_PRACTICE_MANAGER_QUEUE = /* GraphQL */ `
  query DigestPracticeManagerQueue($where: practices_bool_exp!, $userId: Int!, $reviewBy: date!) {
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
`;

/** The public holidays, for the business-day clocks (the web app's `usePublicHolidays`). */
export const DIGEST_PUBLIC_HOLIDAYS = /* GraphQL */ `
  query DigestPublicHolidays {
    public_holidays(order_by: { day: asc }) {
      day
    }
  }
`;

/** The surveyor's visits (`surveyorQueueWhere`). */
export const DIGEST_SURVEYOR_QUEUE = /* GraphQL */ `
  query DigestSurveyorQueue($where: survey_visitors_bool_exp!, $userId: Int!) {
    survey_visitors(where: $where, order_by: { id: asc }, limit: 200) {
      id
      status
      practice_name
      survey_visit {
        id
        status
        type
        due
        date
        archived
        accreditation {
          id
          practice_id
        }
        preferred_days(where: { user_id: { _eq: $userId } }, limit: 1) {
          id
        }
        assessments(where: { type: { _eq: SURVEY_VISIT } }, order_by: { id: asc }) {
          id
          type
          status
          confidentiality_signs(where: { user_id: { _eq: $userId } }) {
            id
          }
          assessment_submissions(where: { user_id: { _eq: $userId } }) {
            id
          }
          general_comments(where: { user_id: { _eq: $userId }, archived: { _eq: false } }) {
            id
          }
        }
      }
    }
  }
`;

const QUEUE_FIELDS = /* GraphQL */ `
  fragment QueueAssessmentFields on assessments {
    id
    type
    status
    due_date
    action_plan_due
    accreditation {
      ...QueueAccreditationFields
    }
  }

  fragment QueueAccreditationFields on accreditations {
    id
    practice_id
    practice {
      organisation_id
      organisation {
        id
        name
      }
    }
  }
`;

/** Reviews waiting, action plans past due, visits to plan (`backOfficeQueueVariables`). */
export const DIGEST_BACK_OFFICE_QUEUE = /* GraphQL */ `
  query DigestBackOfficeQueue(
    $reviews: assessments_bool_exp!
    $overdue: assessments_bool_exp!
    $toPlan: survey_visits_bool_exp!
    $limit: Int!
  ) {
    reviews: assessments(where: $reviews, order_by: { id: asc }, limit: $limit) {
      ...QueueAssessmentFields
    }
    reviewsCount: assessments_aggregate(where: $reviews) {
      aggregate {
        count
      }
    }
    overdue: assessments(where: $overdue, order_by: { action_plan_due: asc }, limit: $limit) {
      ...QueueAssessmentFields
    }
    overdueCount: assessments_aggregate(where: $overdue) {
      aggregate {
        count
      }
    }
    toPlan: survey_visits(where: $toPlan, order_by: { due: asc_nulls_last }, limit: $limit) {
      id
      status
      type
      due
      accreditation {
        ...QueueAccreditationFields
      }
    }
    toPlanCount: survey_visits_aggregate(where: $toPlan) {
      aggregate {
        count
      }
    }
  }
${QUEUE_FIELDS}`;

/** Surveys approved, certificates to issue (`backOfficeQueueWhere(...).toCertify`). */
export const DIGEST_CERTIFY_QUEUE = /* GraphQL */ `
  query DigestCertifyQueue($toCertify: assessments_bool_exp!, $limit: Int!) {
    toCertify: assessments(where: $toCertify, order_by: { id: asc }, limit: $limit) {
      ...QueueAssessmentFields
      status_changes(where: { to_status: { _eq: APPROVED } }, order_by: { changed_at: desc }, limit: 1) {
        id
        changed_at
      }
    }
    toCertifyCount: assessments_aggregate(where: $toCertify) {
      aggregate {
        count
      }
    }
  }
${QUEUE_FIELDS}`;
