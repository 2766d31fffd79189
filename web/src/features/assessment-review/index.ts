/**
 * The review and action plan's public API: the reviewers' panel and buttons (Action required,
 * Approve, Reviewed), a Not met indicator's action plan and the action plan download.
 */
export { ActionPlanDownloadButton } from './components/action-plan-download-button.tsx';
export { ActionPlanSection } from './components/action-plan-section.tsx';
export { ActionRequiredButton } from './components/action-required-button.tsx';
export { ApproveButton } from './components/approve-button.tsx';
export { ReviewNotifyButton } from './components/review-notify-button.tsx';
export { ReviewSurveyorPanel } from './components/review-surveyor-panel.tsx';
