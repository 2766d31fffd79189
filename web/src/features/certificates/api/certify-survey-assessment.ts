import { graphql } from '../../../lib/graphql/graphql.ts';

/** Issue certificate (spec 001 §5, §7 certify): the approved survey visit becomes CERTIFIED. */
export const CertifySurveyAssessmentMutation = graphql(`
  mutation CertifySurveyAssessment(
    $assessmentId: Int!
    $certificationDate: String
    $issueDate: String
    $expiryDate: String
    $commencementDate: String
    $condition: String
    $certifiedById: Int
  ) {
    certifySurveyAssessment(
      assessmentId: $assessmentId
      certificationDate: $certificationDate
      issueDate: $issueDate
      expiryDate: $expiryDate
      commencementDate: $commencementDate
      condition: $condition
      certifiedById: $certifiedById
    ) {
      id
      status
      message
      certificateId
    }
  }
`);
