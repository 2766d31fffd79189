import { updateAccount } from './accounts/update-account.ts';
import { addSurveyAssessment } from './assessments/add-survey-assessment.ts';
import { approveSurveyAssessment } from './assessments/approve-survey-assessment.ts';
import { autoClearAssessment } from './assessments/auto-clear-assessment.ts';
import { autoCompleteAssessment } from './assessments/auto-complete-assessment.ts';
import { completeSelfAssessment } from './assessments/complete-self-assessment.ts';
import { createActionPlan } from './assessments/create-action-plan.ts';
import { openAssessment } from './assessments/open-assessment.ts';
import { reopenAssessment } from './assessments/reopen-assessment.ts';
import { requestAssistance } from './assessments/request-assistance.ts';
import { sendNcReviewedEmail } from './assessments/send-nc-reviewed-email.ts';
import { signConfidentialityAgreement } from './assessments/sign-confidentiality-agreement.ts';
import { startSelfAssessment } from './assessments/start-self-assessment.ts';
import { submitSelfAssessment } from './assessments/submit-self-assessment.ts';
import { submitSurveyAssessment } from './assessments/submit-survey-assessment.ts';
import { certificateDownloadUrl } from './certificates/certificate-download-url.ts';
import { certifiers } from './certificates/certifiers.ts';
import { certifySurveyAssessment } from './certificates/certify-survey-assessment.ts';
import { potentialCommencementDate } from './certificates/potential-commencement-date.ts';
import { setNominatedContact } from './contacts/set-nominated-contact.ts';
import type { ActionHandler } from './define-action.ts';
import { abandonDocument } from './documents/abandon-document.ts';
import { archiveDocuments } from './documents/archive-documents.ts';
import { completeDocument } from './documents/complete-document.ts';
import { createDocument } from './documents/create-document.ts';
import { documentDownloadUrl } from './documents/document-download-url.ts';
import { documentsZipUrl } from './documents/documents-zip-url.ts';
import { moveDocuments } from './documents/move-documents.ts';
import { resourceDownloadUrl } from './documents/resource-download-url.ts';
import { acceptInvitation } from './invitations/accept-invitation.ts';
import { sendStaffInvite } from './invitations/send-staff-invite.ts';
import { addPractice } from './practices/add-practice.ts';
import { confirmSurveyVisit } from './practices/confirm-survey-visit.ts';
import { practicePaymentUrl } from './practices/practice-payment-url.ts';
import { recordPayment } from './practices/record-payment.ts';
import { savePracticeDetails } from './practices/save-practice-details.ts';
import { submitReapplication } from './practices/submit-reapplication.ts';
import { archiveResource } from './resources/archive-resource.ts';
import { createResourceUpload } from './resources/create-resource-upload.ts';
import { saveResource } from './resources/save-resource.ts';
import { archiveStaffMember } from './staff/archive-staff-member.ts';
import { findStaffByRegistration } from './staff/find-staff-by-registration.ts';
import { saveStaffMember } from './staff/save-staff-member.ts';
import { verifyStaffMember } from './staff/verify-staff-member.ts';
import { createSurveyVisit } from './survey-planning/create-survey-visit.ts';
import { finaliseSurveyVisit } from './survey-planning/finalise-survey-visit.ts';
import { offerSurveyVisit } from './survey-planning/offer-survey-visit.ts';
import { requestPreferredDays } from './survey-planning/request-preferred-days.ts';
import { sendSurveyConfirmation } from './survey-planning/send-survey-confirmation.ts';
import { surveyPlanning } from './survey-planning/survey-planning.ts';
import { surveyPlanningVisit } from './survey-planning/survey-planning-visit.ts';
import { acceptSurveyOffer } from './survey-visits/accept-survey-offer.ts';
import { archiveConflict } from './survey-visits/archive-conflict.ts';
import { declareConflict } from './survey-visits/declare-conflict.ts';
import { declineSurveyOffer } from './survey-visits/decline-survey-offer.ts';
import { savePreferredDays } from './survey-visits/save-preferred-days.ts';
import { searchConflictSubjects } from './survey-visits/search-conflict-subjects.ts';
import { userPermissions } from './user-permissions.ts';
import { connectWebinars } from './webinars/connect-webinars.ts';
import { disconnectWebinars } from './webinars/disconnect-webinars.ts';
import { webinarAuthorizeUrl } from './webinars/webinar-authorize-url.ts';
import { webinars } from './webinars/webinars.ts';

/** Every action the service answers, by name (the name in hasura/metadata/actions.graphql). */
export const ACTION_HANDLERS: ReadonlyMap<string, ActionHandler> = new Map(
  [
    userPermissions,
    webinarAuthorizeUrl,
    connectWebinars,
    webinars,
    disconnectWebinars,
    saveStaffMember,
    archiveStaffMember,
    verifyStaffMember,
    findStaffByRegistration,
    sendStaffInvite,
    acceptInvitation,
    practicePaymentUrl,
    setNominatedContact,
    createDocument,
    completeDocument,
    abandonDocument,
    documentDownloadUrl,
    archiveDocuments,
    moveDocuments,
    documentsZipUrl,
    resourceDownloadUrl,
    certificateDownloadUrl,
    certifiers,
    potentialCommencementDate,
    certifySurveyAssessment,
    createResourceUpload,
    saveResource,
    archiveResource,
    addPractice,
    savePracticeDetails,
    submitReapplication,
    recordPayment,
    confirmSurveyVisit,
    startSelfAssessment,
    openAssessment,
    submitSelfAssessment,
    completeSelfAssessment,
    reopenAssessment,
    approveSurveyAssessment,
    sendNcReviewedEmail,
    autoCompleteAssessment,
    autoClearAssessment,
    requestAssistance,
    updateAccount,
    surveyPlanning,
    surveyPlanningVisit,
    createSurveyVisit,
    offerSurveyVisit,
    requestPreferredDays,
    finaliseSurveyVisit,
    sendSurveyConfirmation,
    searchConflictSubjects,
    declareConflict,
    archiveConflict,
    acceptSurveyOffer,
    declineSurveyOffer,
    savePreferredDays,
    addSurveyAssessment,
    signConfidentialityAgreement,
    submitSurveyAssessment,
    createActionPlan,
  ].map((handler) => [handler.name, handler as unknown as ActionHandler]),
);
