import { SURVEY_CONFIRMATION_MESSAGES } from '@portal/domain';
import { useCallback } from 'react';
import { useApiDownload } from '../../../lib/download/use-api-download.ts';

/** Shown when a report cannot be made (spec 002 §8's blob download failure). */
export const REPORT_DOWNLOAD_FAILED =
  'Oops, something happened when you were trying to download that document';

/** Ours (the spec gives none for the reports): modelled on the confirmation form's words. */
export const ACTION_PLAN_DOWNLOADED = 'Successfully downloaded action plan report.';

/**
 * The PDFs the actions service makes for the assessments (spec 001 §7): where each is, its name
 * when the answer gives none, and its toasts (spec 001 §8 for the confirmation form).
 */
export const REPORT_DOWNLOADS = {
  /** generate_assessment_report, by assessment id. */
  report: {
    what: 'Assessment report',
    path: (id: number) => `/assessments/${id}/report`,
    fallbackName: (id: number) => `assessment-${id}-report.pdf`,
    failed: REPORT_DOWNLOAD_FAILED,
    succeeded: undefined,
  },
  /** generate_action_plan_report, by assessment id. */
  actionPlan: {
    what: 'Action plan report',
    path: (id: number) => `/assessments/${id}/action-plan-report`,
    fallbackName: (id: number) => `assessment-${id}-action-plan.pdf`,
    failed: REPORT_DOWNLOAD_FAILED,
    succeeded: ACTION_PLAN_DOWNLOADED,
  },
  /** generate_confirmation_pdf, by survey visit id. */
  confirmation: {
    what: 'Survey confirmation form',
    path: (id: number) => `/survey-visits/${id}/confirmation`,
    fallbackName: (id: number) => `survey-confirmation-${id}.pdf`,
    failed: SURVEY_CONFIRMATION_MESSAGES.downloadFailed,
    succeeded: SURVEY_CONFIRMATION_MESSAGES.downloadSucceeded,
  },
} as const;

export type TReportKind = keyof typeof REPORT_DOWNLOADS;

/**
 * Downloads one kind of PDF (the assessment report unless told): `download(id)` fetches it with
 * the token and saves it under the name its Content-Disposition gives; `busyId` is the id on its
 * way.
 */
export function useReportDownload(kind: TReportKind = 'report') {
  const { what, path, fallbackName, failed, succeeded } = REPORT_DOWNLOADS[kind];
  const { download, busyId } = useApiDownload({ failed, succeeded, what });
  return {
    download: useCallback(
      (id: number) => download(id, path(id), fallbackName(id)),
      [download, path, fallbackName],
    ),
    busyId,
  };
}

/** A survey visit's confirmation form, with the spec's success and failure words (spec 001 §8). */
export const useConfirmationDownload = () => useReportDownload('confirmation');
