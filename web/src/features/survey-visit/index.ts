/**
 * The survey visit's public API: the confidentiality agreement, an indicator's compliance and
 * findings, the surveyor summaries, the submission dialogs and the survey results panel.
 */
export { AgreementModal } from './components/agreement-modal.tsx';
export { SurveyFindings } from './components/survey-findings.tsx';
export { SurveyResultsPanel } from './components/survey-results-panel.tsx';
export { SurveyorSummaryPanel } from './components/surveyor-summary-panel.tsx';
export { useSurveyDialogs } from './hooks/use-survey-dialogs.tsx';
export { useSurveyTransitions } from './hooks/use-survey-transitions.tsx';
