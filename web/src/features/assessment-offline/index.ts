/**
 * The offline assessment's public API: the device's copy of an assessment and the queue of its
 * writes, replayed when the connection is back (the hook and its context), and the banner and
 * dialogs that show how the queue stands.
 */
export { ConflictDialog } from './components/conflict-dialog.tsx';
export { ConnectionBanner } from './components/connection-banner.tsx';
export { RefusedWrites } from './components/refused-writes.tsx';
export {
  OfflineAssessmentContext,
  overlayQueue,
  useOfflineAssessment,
  useOfflineAssessmentContext,
} from './hooks/use-offline-assessment.ts';
export {
  keepAssessmentCopy,
  offlineAssessmentCopy,
  saveAssessmentForOffline,
  type TOfflineAssessment,
  type TOfflineComment,
} from './model/offline-assessment.ts';
