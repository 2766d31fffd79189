import { Alert, Anchor, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import {
  assessmentLockReason,
  assessmentTypeLabel,
  canChangeAssessmentInputs,
  canReadAuditTrail,
  formatDisplayDate,
  needsConfidentialityAgreement,
} from '@portal/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { notifyError } from '../../../lib/notify.ts';
import { HistoryButton } from '../../audit/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { AssessmentStatusBadge, lastUpdatedOf, useAssessmentAccess } from '../../assessments/index.ts';
import { useAssessmentScreen } from '../hooks/use-assessment-screen.ts';
import { ConflictDialog, ConnectionBanner, OfflineAssessmentContext, RefusedWrites } from '../../assessment-offline/index.ts';
import { AgreementModal } from '../../survey-visit/index.ts';
import { AssessmentWorkspace } from './assessment-workspace.tsx';

/** When the assessment cannot be loaded for another reason than access (the spec gives no words). */
export const ASSESSMENT_LOAD_FAILED = 'The assessment could not be loaded. Please try again.';

/** Offline, and this user has no copy of the assessment on this device (issue 19). */
export const ASSESSMENT_NOT_ON_DEVICE =
  'You are offline and this assessment is not on this device. Open it once with a connection (or use Make available offline) to work on it offline.';

/**
 * The Assessment route (spec 001 §2):
 * /PracticeOverview/:id/Accreditation/Assessment/:assessmentId/:indicatorSetId?/:indicatorId?.
 * A locked or missing assessment sends the user to the practice's Accreditation tab.
 */
export function AssessmentPage() {
  const params = useParams();
  const assessmentId = Number(params.assessmentId);
  const { practiceId } = usePracticeContext();
  const tab = `/PracticeOverview/${practiceId}/Accreditation`;
  // Signing the agreement opens the assessment afresh (its findings become readable then).
  const [signed, setSigned] = useState(0);
  if (!Number.isInteger(assessmentId) || assessmentId <= 0) return <Navigate to={tab} replace />;
  return (
    <AssessmentScreen
      key={`${assessmentId}:${signed}`}
      assessmentId={assessmentId}
      tab={tab}
      onSigned={() => setSigned((n) => n + 1)}
    />
  );
}

function AssessmentScreen({
  assessmentId,
  tab,
  onSigned,
}: {
  assessmentId: number;
  tab: string;
  onSigned(): void;
}) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { practiceId, access: practiceAccess } = usePracticeContext();
  const accessOf = useAssessmentAccess();
  const screen = useAssessmentScreen(assessmentId, user.id);
  const { assessment } = screen;
  const access = useMemo(() => (assessment ? accessOf(assessment) : null), [assessment, accessOf]);
  // Another practice's assessment (an edited address) is as missing as one that does not exist.
  const elsewhere = assessment?.accreditation && assessment.accreditation.practice_id !== practiceId;
  const locked = access ? assessmentLockReason(access) : null;
  const leave = screen.missing || !!elsewhere || !!locked;
  // Locked by what the user just did (submit for review), the action's own toast has said so: an
  // error saying it is locked would read as a failure. (One opened locked never loads: openAssessment
  // refuses it and the screen goes back as for a missing one.)
  const shown = useRef(false);
  useEffect(() => {
    if (access && !leave) shown.current = true;
  }, [access, leave]);

  // Writes made offline that the server refused stay listed until read, even when the assessment
  // can no longer be opened (submitted, its status changed meanwhile: issue 19).
  const refusedShown = screen.offline.refused.length > 0;
  useEffect(() => {
    if (!leave || refusedShown) return;
    if (locked && !shown.current) notifyError(locked);
    navigate(tab, { replace: true });
  }, [leave, locked, navigate, tab, refusedShown]);

  if (leave && refusedShown) {
    return (
      <Stack gap="md">
        <Anchor component={Link} to={tab} fz="sm">
          ‹ Accreditation
        </Anchor>
        <RefusedWrites offline={screen.offline} />
      </Stack>
    );
  }
  if (leave) return null;
  if (screen.unavailableOffline) {
    return (
      <Alert color="gray" variant="light" role="alert" title="Not available offline">
        {ASSESSMENT_NOT_ON_DEVICE}
      </Alert>
    );
  }
  if (screen.error && !assessment) {
    return (
      <Alert color="red" variant="light" role="alert">
        {ASSESSMENT_LOAD_FAILED}
      </Alert>
    );
  }
  if (!assessment || !access) return <AssessmentSkeleton />;

  // Spec 001 §4: a surveyor signs before anything of the assessment shows; the back office,
  // holding every assessment, does not (the server's rule too).
  const mustSign =
    practiceAccess.backOfficeRole === null &&
    needsConfidentialityAgreement({
      type: assessment.type,
      status: assessment.status,
      hasSigned: assessment.confidentiality_signs.some((s) => s.user_id === user.id),
    });
  const label = assessmentTypeLabel(assessment.type, assessment.survey_visit?.type);
  const editable = canChangeAssessmentInputs(access);
  // Who last changed the assessment itself (a status change), not who last answered.
  const updatedBy =
    assessment.last_updated_by && lastUpdatedOf(assessment) === assessment.updated_at
      ? ` by ${assessment.last_updated_by.first_name} ${assessment.last_updated_by.last_name}`
      : '';
  return (
    <OfflineAssessmentContext.Provider value={screen.offline}>
      <Stack gap="lg">
        <ConnectionBanner offline={screen.offline} />
        <RefusedWrites offline={screen.offline} />
        <ConflictDialog offline={screen.offline} />
        <Stack gap={4}>
          <Anchor component={Link} to={tab} fz="sm">
            ‹ Accreditation
          </Anchor>
          <Group justify="space-between" align="center" gap="sm">
            <Group gap="sm" align="center">
              <Title order={2} fz={22}>
                {label}
              </Title>
              <AssessmentStatusBadge status={assessment.status} size="lg" />
            </Group>
            {canReadAuditTrail(practiceAccess) ? (
              <HistoryButton
                subject="assessment"
                id={assessment.id}
                what={label}
                label="History of this assessment"
              />
            ) : null}
          </Group>
          <Text fz="sm" c="dimmed">
            {[
              assessment.due_date ? `Due ${formatDisplayDate(assessment.due_date)}` : null,
              `Last updated ${formatDisplayDate(lastUpdatedOf(assessment))}${updatedBy}`,
              assessment.accreditation?.survey_version?.name,
              editable ? null : 'Read only',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
        {mustSign ? (
          <AgreementModal
            assessmentId={assessment.id}
            onSigned={onSigned}
            onLeave={() => navigate(tab, { replace: true })}
          />
        ) : (
          <AssessmentWorkspace
            assessment={assessment}
            access={access}
            store={screen.store}
            locks={screen.locks}
            onChanged={screen.refetch}
          />
        )}
      </Stack>
    </OfflineAssessmentContext.Provider>
  );
}

function AssessmentSkeleton() {
  return (
    <Stack gap="md" data-testid="assessment-skeleton" aria-busy="true">
      <Skeleton h={14} w={110} />
      <Skeleton h={28} w={260} />
      <Skeleton h={44} />
      <Skeleton h={120} />
      <Skeleton h={36} />
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} h={52} />
      ))}
    </Stack>
  );
}
