import { graphql } from '../../../lib/graphql/graphql.ts';

/**
 * The Accreditation tab (spec 001 §2, 002 §7 getAccreditaionPage): the practice's assessments,
 * newest cycle first, and its valid certificates.
 */
export const GetAccreditationPageQuery = graphql(`
  query GetAccreditationPage($practiceId: Int!) {
    assessments(
      where: { accreditation: { practice_id: { _eq: $practiceId }, archived: { _eq: false } } }
      order_by: [{ created_at: desc }, { id: desc }]
    ) {
      id
      type
      status
      due_date
      updated_at
      accreditation_id
      survey_visit_id
      moved_to_assessment_id
      survey_version {
        id
        name
      }
      survey_visit {
        id
        type
        date
        confirmation_form_status
      }
      indicator_responses_aggregate {
        aggregate {
          max {
            updated_at
          }
        }
      }
      assessment_submissions {
        user_id
      }
    }
    certificates(
      where: { practice_id: { _eq: $practiceId }, validity: { _eq: VALID } }
      order_by: [{ certification_date: desc }]
    ) {
      id
      type
      name
      issuing_provider
      certification_date
      issue_date
      expiry_date
      has_file
      certificate_number
      verification_code
    }
  }
`);
