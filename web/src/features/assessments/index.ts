/**
 * The assessments feature's public API: the model every assessment feature shares (the assessment
 * as read, the response store, who may do what, the documents the screen writes and the offline
 * queue replays, the status badge, an indicator's checklists and resources as shown (the
 * assessment screen and the editions' preview), the report download). The Accreditation tab is a
 * page: the route table loads it directly.
 */
export { AddCommentMutation } from './api/add-comment.ts';
export { GetAssessmentQuery } from './api/get-assessment.ts';
export { GetEditionStandardsQuery } from './api/get-edition-standards.ts';
export { InsertGeneralCommentMutation } from './api/insert-general-comment.ts';
export { OpenAssessmentMutation } from './api/open-assessment.ts';
export { ResponseFieldsFragment } from './api/response-fields.ts';
export { StandardsIndicatorFields } from './api/standards-indicator-fields.ts';
export { UpdateGeneralCommentMutation } from './api/update-general-comment.ts';
export { UpdateIndicatorResponseMutation } from './api/update-indicator-response.ts';
export { AssessmentStatusBadge } from './components/assessment-status-badge.tsx';
export { IndicatorChecklists } from './components/indicator-checklists.tsx';
export { IndicatorResources } from './components/indicator-resources.tsx';
export { type TAssessmentAccess, useAssessmentAccess } from './hooks/use-assessment-access.ts';
export {
  ACTION_PLAN_DOWNLOADED,
  REPORT_DOWNLOAD_FAILED,
  useReportDownload,
} from './hooks/use-report-download.ts';
export {
  sameFields,
  sameList,
  useResponseOutline,
  useResponseSelector,
} from './hooks/use-response-selector.ts';
export { ACTION_FAILED } from './model/action-failed.ts';
export {
  indicatorItems,
  type TAssessmentData,
  type TAssessmentRow,
  type TEditionStandards,
  type TIndicator,
  type TIndicatorSet,
  type TResponseRow,
  toStoredResponse,
  withStandards,
} from './model/assessment-view.ts';
export { lastUpdatedOf } from './model/last-updated.ts';
export {
  createResponseStore,
  markQueued,
  type ResponseStore,
  type TSaveState,
  type TStoredResponse,
} from './model/response-store.ts';
