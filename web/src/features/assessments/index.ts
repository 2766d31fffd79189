/** The assessments feature's public API: the Accreditation tab and the assessment screen. */
export { AccreditationTab } from './components/accreditation-tab.tsx';
export { AssessmentPage } from './components/assessment-page.tsx';
export {
  offlineAssessmentCopy,
  saveAssessmentForOffline,
  type TOfflineAssessment,
} from './model/offline-assessment.ts';
