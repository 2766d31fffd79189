import { canChangeAssessmentInputs, type TAssessmentAccessContext } from './assessment-access.ts';

/** Which buttons of the assessment's actions panel are shown (spec 001 §6 "Buttons"). */
export interface TAssessmentButtons {
  submitForReview: boolean;
  completed: boolean;
  actionRequired: boolean;
  approve: boolean;
  reviewed: boolean;
  issueCertificate: boolean;
  editSummary: boolean;
  requestAssistance: boolean;
  report: boolean;
  actionPlanDownload: boolean;
  autoComplete: boolean;
  autoClear: boolean;
  reopen: boolean;
}

const NO_BUTTONS: TAssessmentButtons = {
  submitForReview: false,
  completed: false,
  actionRequired: false,
  approve: false,
  reviewed: false,
  issueCertificate: false,
  editSummary: false,
  requestAssistance: false,
  report: false,
  actionPlanDownload: false,
  autoComplete: false,
  autoClear: false,
  reopen: false,
};

/**
 * The spec's status rules, each also gated by the flag that lets the user do what the button
 * does (the spec does not say; showing QAM-only buttons to a practice manager would only lead to
 * refusals). A survey is submitted by its visitors, so only they see its Submit for review.
 */
export function assessmentButtons(
  context: TAssessmentAccessContext & {
    /** The user is a visitor on this assessment's survey visit. */
    isSurveyVisitor: boolean;
    /** The build flag for bulk tools is on, or the user has special access. */
    bulkToolsEnabled: boolean;
    /** The user has special access (`users.has_special_access`); default false. */
    hasSpecialAccess?: boolean;
  },
): TAssessmentButtons {
  // A moved assessment is read: its report, nothing that changes it.
  if (context.moved) return { ...NO_BUTTONS, report: true };
  const { type, status, flags, hasSubmitted, isSurveyVisitor, bulkToolsEnabled } = context;
  const a = flags.assessment;
  const self = type === 'PRESURVEY';
  const survey = type === 'SURVEY_VISIT';
  const surveying = survey && (status === 'IN_PROGRESS' || status === 'PARTIALLY_SUBMITTED');
  return {
    submitForReview: self
      ? status === 'IN_PROGRESS' && canChangeAssessmentInputs(context)
      : surveying && !hasSubmitted && isSurveyVisitor && a.changeSurveyInProgress,
    completed: self && status === 'UNDER_REVIEW' && a.changeSelfAssessmentUnderReview,
    actionRequired: survey && status === 'UNDER_REVIEW' && a.changeSurveyUnderReview,
    approve:
      survey && (status === 'UNDER_REVIEW' || status === 'ACTION_REQUIRED') && a.changeSurveyUnderReview,
    reviewed:
      survey && (status === 'UNDER_REVIEW' || status === 'ACTION_REQUIRED') && a.changeSurveyUnderReview,
    issueCertificate: survey && status === 'APPROVED' && a.certifySurvey,
    editSummary:
      survey &&
      !hasSubmitted &&
      ((surveying && a.changeSurveyInProgress) ||
        ((surveying || status === 'UNDER_REVIEW') && a.changeOtherSurveyorSummary)),
    // The practice asks its accreditation provider: its own people, not the provider's reviewers
    // (who would be asking themselves) nor its surveyors.
    requestAssistance: self && flags.practice.changePractice && !a.changeSelfAssessmentUnderReview,
    report: !(survey && status === 'IN_PROGRESS'),
    actionPlanDownload:
      survey && ['CERTIFIED', 'APPROVED', 'ACTION_REQUIRED', 'UNDER_REVIEW'].includes(status),
    autoComplete: bulkToolsEnabled,
    autoClear: bulkToolsEnabled,
    // A certified survey is corrected only by a user with special access, not by the switch.
    reopen: bulkToolsEnabled && (!(survey && status === 'CERTIFIED') || context.hasSpecialAccess === true),
  };
}
