import { graphql } from '../../../lib/graphql/graphql.ts';

/** Signs the survey visit's confidentiality agreement (spec 001 §7 POST web.assessment/{id}/sign/). */
export const SignConfidentialityAgreementMutation = graphql(`
  mutation SignConfidentialityAgreement($assessmentId: Int!) {
    signConfidentialityAgreement(assessmentId: $assessmentId) {
      id
      agreementVersion
      message
    }
  }
`);
