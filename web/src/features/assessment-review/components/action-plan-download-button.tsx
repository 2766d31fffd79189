import { Button } from '@mantine/core';
import { canDownloadActionPlanReport } from '@portal/domain';
import { DownloadIcon } from '../../../components/icons.tsx';
import { type TAssessmentAccess, useReportDownload } from '../../assessments/index.ts';

/**
 * The actions panel's 'Action plan' button (spec 001 §6 Action plan download): downloads the
 * survey's action plan report; shown only to whoever may download it (`canDownloadActionPlanReport`,
 * which the route asks too).
 */
export function ActionPlanDownloadButton({
  assessmentId,
  access,
}: {
  assessmentId: number;
  access: TAssessmentAccess;
}) {
  const actionPlan = useReportDownload('actionPlan');
  if (!canDownloadActionPlanReport(access)) return null;
  return (
    <Button
      variant="default"
      leftSection={<DownloadIcon size={16} />}
      loading={actionPlan.busyId === assessmentId}
      onClick={() => void actionPlan.download(assessmentId)}
    >
      Action plan
    </Button>
  );
}
