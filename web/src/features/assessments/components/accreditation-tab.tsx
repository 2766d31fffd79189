import { Alert, Button, Group, Skeleton, Stack } from '@mantine/core';
import {
  ASSESSMENT_MESSAGES,
  assessmentPath,
  COMPARATIVE_REPORT_PATH,
  canOpenReport,
  formatDisplayDate,
} from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { notifyError } from '../../../lib/notify.ts';
import { CertificatesList, useCertificateDownload } from '../../certificates/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { GetAccreditationPageQuery } from '../api/get-accreditation-page.ts';
import { StartSelfAssessmentMutation } from '../api/start-self-assessment.ts';
import { useAssessmentAccess } from '../hooks/use-assessment-access.ts';
import { useConfirmationDownload, useReportDownload } from '../hooks/use-report-download.ts';
import { AccreditationStart } from './accreditation-start.tsx';
import { AddAssessmentModal } from './add-assessment-modal.tsx';
import { AssessmentsTable } from './assessments-table.tsx';
import { EditionChangesNotice } from './edition-changes-notice.tsx';
import { NextCycleEditionChoice } from './next-cycle-edition-choice.tsx';

/** The words when the tab's data cannot be had (the spec gives none). */
export const ACCREDITATION_LOAD_FAILED = 'The accreditation details could not be loaded. Please try again.';

/**
 * The Accreditation tab of the practice overview (spec 001 §2): the first-view start screen, then
 * the practice's valid certificates and its assessments.
 */
export function AccreditationTab() {
  const { practiceId, practice, permissions, firstView, refetch, setTotal, access } = usePracticeContext();
  const [adding, setAdding] = useState(false);
  const navigate = useNavigate();
  const accessOf = useAssessmentAccess();
  const report = useReportDownload();
  const actionPlan = useReportDownload('actionPlan');
  const confirmation = useConfirmationDownload();
  const certificate = useCertificateDownload();
  const [{ data, error, fetching }, reload] = useQuery({
    query: GetAccreditationPageQuery,
    variables: { practiceId },
    requestPolicy: 'cache-and-network',
    pause: firstView.accreditation,
  });
  const [start, startSelfAssessment] = useMutation(StartSelfAssessmentMutation);
  const [starting, setStarting] = useState(false);
  const count = data?.assessments.length;
  useEffect(() => {
    if (count !== undefined) setTotal('accreditation', count);
  }, [count, setTotal]);

  if (firstView.accreditation) {
    const onStart = async () => {
      setStarting(true);
      const result = await startSelfAssessment({ practiceId });
      setStarting(false);
      if (result.error || !result.data) {
        notifyError(result.error?.graphQLErrors[0]?.message ?? ASSESSMENT_MESSAGES.noSelfAssessment);
        return;
      }
      refetch();
      navigate(assessmentPath(practiceId, result.data.startSelfAssessment.assessmentId));
    };
    return (
      <AccreditationStart
        canStart={permissions.practice.changePractice}
        busy={starting || start.fetching}
        dueDate={formatDisplayDate(practice.current_accreditation?.self_assessment_due) || null}
        onStart={onStart}
      />
    );
  }
  if (error && !data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {ACCREDITATION_LOAD_FAILED}
      </Alert>
    );
  }
  if (!data || (fetching && !data)) {
    return (
      <Stack gap="md" data-testid="accreditation-skeleton">
        <Skeleton h={22} w={180} />
        <Skeleton h={56} />
        <Skeleton h={22} w={160} mt="md" />
        <Skeleton h={160} />
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      {canOpenReport('comparative', access) ? (
        <Group justify="flex-end" mb={-16}>
          <Button
            component={Link}
            to={`${COMPARATIVE_REPORT_PATH}?practice=${practiceId}`}
            variant="subtle"
            size="sm"
          >
            Compare with peers
          </Button>
        </Group>
      ) : null}
      <EditionChangesNotice
        practiceId={practiceId}
        mover={access.backOfficeRole !== null}
        onMoved={() => reload({ requestPolicy: 'network-only' })}
      />
      <NextCycleEditionChoice practiceId={practiceId} />
      <CertificatesList
        certificates={data.certificates}
        onDownload={certificate.download}
        downloadBusyId={certificate.busyId}
      />
      {adding ? (
        <AddAssessmentModal
          practiceId={practiceId}
          onClose={() => setAdding(false)}
          onAdded={() => {
            setAdding(false);
            reload({ requestPolicy: 'network-only' });
          }}
        />
      ) : null}
      <AssessmentsTable
        practiceId={practiceId}
        rows={data.assessments}
        accessOf={accessOf}
        onReport={report.download}
        reportBusyId={report.busyId}
        onActionPlan={actionPlan.download}
        actionPlanBusyId={actionPlan.busyId}
        onConfirmation={confirmation.download}
        confirmationBusyId={confirmation.busyId}
        headerAction={
          access.backOfficeRole !== null ? (
            <Button variant="light" size="sm" onClick={() => setAdding(true)}>
              Add assessment
            </Button>
          ) : null
        }
      />
    </Stack>
  );
}
