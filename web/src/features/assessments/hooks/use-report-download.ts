import { useCallback, useState } from 'react';
import { fetchFile, saveFile } from '../../../lib/download/download-file.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useServices } from '../../../lib/services.tsx';

/** Shown when a report cannot be made (spec 002 §8's blob download failure). */
export const REPORT_DOWNLOAD_FAILED =
  'Oops, something happened when you were trying to download that document';

/** Downloads an assessment's report PDF (spec 001 §7 generate_assessment_report). */
export function useReportDownload() {
  const { authorisedFetch, apiUrl } = useServices();
  const [busyId, setBusyId] = useState<number | null>(null);
  const download = useCallback(
    async (assessmentId: number) => {
      setBusyId(assessmentId);
      try {
        const { blob, fileName } = await fetchFile(
          authorisedFetch,
          `${apiUrl}/assessments/${assessmentId}/report`,
          `assessment-${assessmentId}-report.pdf`,
          'application/pdf',
        );
        saveFile(blob, fileName);
      } catch (error) {
        console.error('Assessment report download failed', error);
        notifyError(REPORT_DOWNLOAD_FAILED);
      } finally {
        setBusyId(null);
      }
    },
    [authorisedFetch, apiUrl],
  );
  return { download, busyId };
}
