import { graphql } from '../../../lib/graphql/graphql.ts';

/** 'Start Self Assessment' (spec 001 §2): the accreditation's first view ends; its self assessment exists. */
export const StartSelfAssessmentMutation = graphql(`
  mutation StartSelfAssessment($practiceId: Int!) {
    startSelfAssessment(practiceId: $practiceId) {
      accreditationId
      assessmentId
    }
  }
`);
