import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { accreditationPath, assessmentLockReason, needsConfidentialityAgreement } from '@portal/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { useCurrentUser } from '../../../lib/auth/auth-provider.tsx';
import { notifyError } from '../../../lib/notify.ts';
import {
  ConflictDialog,
  ConnectionBanner,
  OfflineAssessmentContext,
  RefusedWrites,
} from '../../assessment-offline/index.ts';
import { useAssessmentAccess } from '../../assessments/index.ts';
import { usePracticeContext } from '../../practices/index.ts';
import { AgreementModal } from '../../survey-visit/index.ts';
import { useAssessmentScreen } from '../hooks/use-assessment-screen.ts';
import { AssessmentHeading } from './assessment-heading.tsx';
import { AssessmentWorkspace } from './assessment-workspace.tsx';
import { MovedNotice } from './moved-notice.tsx';

/** When the assessment cannot be loaded for another reason than access (the spec gives no words). */
export const ASSESSMENT_LOAD_FAILED = 'The assessment could not be loaded. Please try again.';

/** Offline, and this user has no copy of the assessment on this device. */
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
  const tab = accreditationPath(practiceId);
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
  const { practiceId } = usePracticeContext();
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
  // can no longer be opened (submitted, its status changed meanwhile).
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

  // Spec 001 §4: whoever opens a survey in progress signs before anything of it shows, the back
  // office too (the server lets nobody write to it unsigned).
  const mustSign = needsConfidentialityAgreement({
    type: assessment.type,
    status: assessment.status,
    hasSigned: assessment.confidentiality_signs.some((s) => s.user_id === user.id),
  });
  // A moved survey is signed for in its copy: unsigned, only the way there shows.
  const moved = Boolean(assessment.moved_to_assessment_id);
  return (
    <OfflineAssessmentContext.Provider value={screen.offline}>
      <Stack gap="lg">
        <ConnectionBanner offline={screen.offline} />
        <RefusedWrites offline={screen.offline} />
        <ConflictDialog offline={screen.offline} />
        <AssessmentHeading assessment={assessment} access={access} tab={tab} />
        <MovedNotice assessment={assessment} practiceId={practiceId} />
        {mustSign && moved ? null : mustSign ? (
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
