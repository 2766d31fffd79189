import { SURVEY_CONFIRMATION_MESSAGES } from '@portal/domain';
import { useCallback } from 'react';
import { useApiDownload } from '../../../lib/download/use-api-download.ts';

/** Shown when a report cannot be made (spec 002 §8's blob download failure). */
export const REPORT_DOWNLOAD_FAILED =
  'Oops, something happened when you were trying to download that document';

/** Downloads an assessment's report PDF (spec 001 §7 generate_assessment_report). */
export function useReportDownload() {
  const { download, busyId } = useApiDownload({ failed: REPORT_DOWNLOAD_FAILED, what: 'Assessment report' });
  return {
    download: useCallback(
      (assessmentId: number) =>
        download(
          assessmentId,
          `/assessments/${assessmentId}/report`,
          `assessment-${assessmentId}-report.pdf`,
        ),
      [download],
    ),
    busyId,
  };
}

/**
 * Downloads a survey visit's confirmation form (spec 001 §7 generate_confirmation_pdf), with the
 * spec's success and failure words (spec 001 §8).
 */
export function useConfirmationDownload() {
  const { download, busyId } = useApiDownload({
    failed: SURVEY_CONFIRMATION_MESSAGES.downloadFailed,
    succeeded: SURVEY_CONFIRMATION_MESSAGES.downloadSucceeded,
    what: 'Survey confirmation form',
  });
  return {
    download: useCallback(
      (visitId: number) =>
        download(visitId, `/survey-visits/${visitId}/confirmation`, `survey-confirmation-${visitId}.pdf`),
      [download],
    ),
    busyId,
  };
}
