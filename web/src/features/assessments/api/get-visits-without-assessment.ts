import { graphql } from '../../../lib/graphql/graphql.ts';

/** The practice's survey visits that have no assessment yet (the Add assessment modal's choices). */
export const GetVisitsWithoutAssessmentQuery = graphql(`
  query GetVisitsWithoutAssessment($practiceId: Int!) {
    survey_visits(
      where: {
        accreditation: { practice_id: { _eq: $practiceId }, archived: { _eq: false } }
        archived: { _eq: false }
        _not: { assessments: {} }
      }
      order_by: [{ due: asc_nulls_last }, { id: asc }]
    ) {
      id
      type
      date
      due
      status
    }
  }
`);
