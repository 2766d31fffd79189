import type { TAssessmentStatus, TAssessmentType } from '../permissions/assessment-access.ts';

/**
 * The version of the confidentiality agreement's text (spec 001 §4, §5). Every signature is
 * stamped with the version its signer read (`confidentiality_signs.agreement_version`); change
 * the text below, change this too.
 */
export const AGREEMENT_VERSION = '2';

/**
 * The confidentiality agreement a surveyor signs before a survey visit assessment opens. The spec
 * gives only its shape (a previous-three-years conflict declaration, two statements to tick,
 * 'Agreement is required'); the words are ours (docs/decisions/assessments.md).
 */
export const CONFIDENTIALITY_AGREEMENT = {
  title: 'Confidentiality agreement',
  intro:
    'Before you see this practice’s assessment, please read and agree to the following. You sign it once for each survey visit assessment.',
  paragraphs: [
    'Everything I see, hear or read during this survey visit and in this assessment, including patient information, staff details, the practice’s policies, records and business information, and the findings of the other surveyors, is confidential. I will use it only to carry out this survey and will not disclose it to anyone other than the accreditation provider.',
    'I will not copy, photograph or remove patient records or practice documents, except as the survey process allows, and I will keep any notes I make secure and hand them to the accreditation provider or destroy them once the survey is finished.',
    'Conflicts of interest. In the previous three years I have not worked at, owned, managed, consulted to, or been a patient of this practice or any practice in its network, and I have no personal, family, financial or professional relationship with the practice, its owners or its staff that could affect, or be seen to affect, my judgement.',
    'If I become aware of any such conflict during the visit, I will stop, tell the accreditation provider at once and take no further part in this assessment until they decide.',
  ],
  /** The two statements to tick, in order; both are required. */
  statements: [
    'I have read this agreement and will keep everything about this survey confidential.',
    'I declare that I have had no conflict of interest with this practice or its network in the previous three years.',
  ],
  /** Under each unticked statement (spec 001 §5, word for word). */
  required: 'Agreement is required',
  sign: 'Sign agreement',
} as const;

/**
 * Spec 001 §4: the agreement is required when the assessment is IN_PROGRESS, its type is not
 * PRESURVEY and the user has not signed it, whoever they are (QAMs and admins too). The server
 * keeps the findings from unsigned surveyors and every write from anyone unsigned
 * (`canReadAssessmentFindings`, `canWriteAssessmentFindings` and their SQL twins).
 */
export function needsConfidentialityAgreement(input: {
  type: TAssessmentType;
  status: TAssessmentStatus;
  hasSigned: boolean;
}): boolean {
  return input.type !== 'PRESURVEY' && input.status === 'IN_PROGRESS' && !input.hasSigned;
}
